/** 'Sign in with a passkey': the sign-in form's secondary button, in the look of the Google one beside it. */
export default function PasskeyButton({
  busy,
  disabled,
  onClick,
}: {
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="brand-button-outline flex w-full items-center justify-center gap-2 px-4 py-2 font-medium disabled:opacity-60"
      disabled={disabled}
      onClick={onClick}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="7.5" cy="15.5" r="4.5" />
        <path d="M10.7 12.3 20 3M16.5 6.5l3 3M14 9l2 2" />
      </svg>
      {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </button>
  );
}
