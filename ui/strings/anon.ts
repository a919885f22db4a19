/** Strings of the anonymous reviewer's views (merged into ../strings.ts). Keys are dot.case, as the spec names things. */
export const anonStrings = {
  'anon.title': 'Review this content',
  'anon.lead': 'Enter your e-mail address to view and comment. Your comments will show this address.',
  'anon.email.label': 'E-mail address',
  'anon.continue': 'Continue',
  'anon.checking': 'Checking…',
  'anon.haveAccount': 'Have an account?',
  'anon.signIn': 'Sign in',
  'anon.reviewingAs': 'Reviewing as {email}',
  'anon.item.title': 'This item is not open yet',
  'anon.item.body': 'Shared items open here for review. Ask the person who shared it to check the link if nothing appears.',
  'anon.leave': 'Stop reviewing as guest',
} as const;
