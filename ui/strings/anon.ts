/** Strings of the anon views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const anonStrings = {} as const;
