/** Strings of the access views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const accessStrings = {} as const;
