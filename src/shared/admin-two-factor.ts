/** Resetting another account's two-factor sign-in from Manage Users: the texts the server and the screen share. */
export const ADMIN_TWO_FACTOR_TEXTS = {
  notYourOwn: 'Your own two-factor sign-in is changed under Settings, not here',
  notOn: 'Two-factor sign-in is not on for this account',
  /** The answer and the audit line: 'Two-factor sign-in of Ana Diaz was reset'. */
  reset: (name: string) => `Two-factor sign-in of ${name} was reset`,
} as const;
