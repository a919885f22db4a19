/** Strings of the header views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const headerStrings = {} as const;
