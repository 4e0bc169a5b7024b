/**
 * A session from before roles were remembered: its role is asked for once, after the first paint, and kept as the
 * sign-in keeps it (stores/session.ts rememberRole), so the header shows Dashboard or Account. Loaded by URL by the
 * layout script only for such a session (src/integrations/standalone-modules.ts), which keeps that script small. A
 * failed answer changes nothing: the header keeps the Account button, which suits every signed-in user.
 */

// The layout script's storage keys (lib/browser/layout.ts), spelt out as it spells them.
const TOKEN_KEY = 'token';
const ROLE_KEY = 'role';

export async function learnRole(): Promise<void> {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    if (token === null) return;
    const res = await fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/auth/me`, {
      credentials: 'include',
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok) return;
    const { role } = (await res.json()) as { role?: unknown };
    // Every role but a customer's has an admin area (shared/staff-roles.ts).
    const shown = typeof role === 'string' && role !== 'customer' ? 'admin' : 'customer';
    localStorage.setItem(ROLE_KEY, shown);
    document.documentElement.dataset['role'] = shown;
  } catch {
    // Offline or storage blocked: the header keeps the Account button.
  }
}
