/** GET /api/auth/providers: the sign-in methods this installation offers besides a password. */
export interface AuthProviders {
  /** True only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
  google: boolean;
}

/** Reads the answer defensively: anything but an explicit `google: true` means no Google button. */
export function parseAuthProviders(value: unknown): AuthProviders {
  return { google: typeof value === 'object' && value !== null && (value as { google?: unknown }).google === true };
}
