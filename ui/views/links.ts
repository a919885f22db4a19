/**
 * External help destinations (foundation §1 help menu). One place to change them; they open in a new tab.
 * TODO(config): these are stand-ins until the suite's real help addresses are decided.
 */
export const helpLinks = {
  support: 'https://support.example.com/',
  training: 'https://training.example.com/',
  community: 'https://community.example.com/',
} as const;
