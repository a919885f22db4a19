/** Strings of the sandbox views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const sandboxStrings = {} as const;
