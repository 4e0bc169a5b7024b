/**
 * Settings › Passkeys, for every account: the passkeys that sign in to it (renamed in place, removed after asking)
 * and adding one. A browser without WebAuthn still lists them, so they can be managed from it, but offers no Add.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { fetchPasskeys, removePasskey, renamePasskey } from '../../lib/api/passkeys.ts';
import { PASSKEY_TOO_MANY, PASSKEYS_PER_ACCOUNT, type PasskeySummary } from '../../shared/passkeys.ts';
import ConfirmDialog from '../admin/ui/ConfirmDialog.tsx';
import { refusedField, useFormMessage } from '../auth/fields.tsx';
import { PASSKEYS_UNAVAILABLE, passkeysSupported } from '../auth/passkey-prompt.ts';
import AddPasskeyForm from './AddPasskeyForm.tsx';
import PasskeyItem from './PasskeyItem.tsx';
import { checkPasskeyName, PASSKEY_UI } from './passkey-rules.ts';
import SettingsSection, { SectionMessage } from './SettingsSection.tsx';

const NOTE = 'm-0 text-sm text-gray-600 dark:text-gray-400';

/** The passkey is gone already (removed from another browser): the list is read again. */
const isGone = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

export default function PasskeysSection({ hasPassword }: { hasPassword: boolean }) {
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | null>(null);
  // Known once the library has looked (it loads after the screen, not with it).
  const [supported, setSupported] = useState<boolean | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();
  const { fail } = form;
  // After a removal the row and its buttons are gone: the focus goes to what happened instead.
  const messageBox = useRef<HTMLDivElement>(null);
  const [removals, setRemovals] = useState(0);

  const load = useCallback(() => {
    fetchPasskeys()
      .then(setPasskeys)
      .catch((e: unknown) => fail(errorMessage(e, PASSKEY_UI.loadFailed)));
  }, [fail]);
  useEffect(load, [load]);
  useEffect(() => {
    passkeysSupported()
      .then(setSupported)
      .catch(() => setSupported(false));
  }, []);
  useEffect(() => {
    if (removals) messageBox.current?.focus();
  }, [removals]);

  async function rename(passkey: PasskeySummary, value: string) {
    const checked = checkPasskeyName(value);
    if (!checked.ok) {
      form.fail(checked.message, ['name']);
      return;
    }
    setBusy(true);
    form.clear();
    try {
      const answer = await renamePasskey(passkey.id, checked.name);
      setPasskeys((list) => list?.map((p) => (p.id === answer.passkey.id ? answer.passkey : p)) ?? null);
      setEditing(null);
      form.succeed(answer.message);
    } catch (e) {
      form.fail(errorMessage(e, PASSKEY_UI.renameFailed), [refusedField(e)]);
      if (isGone(e)) {
        setEditing(null);
        load();
      }
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: PasskeySummary) {
    setBusy(true);
    form.clear();
    try {
      const answer = await removePasskey(passkey.id);
      setPasskeys((list) => list?.filter((p) => p.id !== passkey.id) ?? null);
      form.succeed(answer.message);
    } catch (e) {
      form.fail(errorMessage(e, PASSKEY_UI.removeFailed));
      if (isGone(e)) load();
    } finally {
      setBusy(false);
      setRemoving(null);
      setRemovals((n) => n + 1);
    }
  }

  return (
    <SettingsSection id="passkeys" title={PASSKEY_UI.title} description={PASSKEY_UI.description}>
      {passkeys === null ? (
        !form.message && <p className={NOTE}>Loading...</p>
      ) : passkeys.length === 0 ? (
        <p className={NOTE}>{PASSKEY_UI.empty}</p>
      ) : (
        <ul
          className="m-0 list-none divide-y divide-gray-200 rounded-lg border border-gray-200 p-0 dark:divide-white/10 dark:border-white/10"
          aria-label="Your passkeys"
        >
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              editing={editing === passkey.id}
              busy={busy}
              aria={form.field('name')}
              onEdit={() => {
                setEditing(passkey.id);
                form.clear();
              }}
              onCancelEdit={() => {
                setEditing(null);
                form.clear();
              }}
              onSave={(name) => void rename(passkey, name)}
              onEdited={form.edited}
              onRemove={() => {
                setRemoving(passkey);
                form.clear();
              }}
            />
          ))}
        </ul>
      )}
      <div ref={messageBox} tabIndex={-1} className="outline-none">
        <SectionMessage form={form} />
      </div>
      <div className="mt-4">
        {supported === false ? (
          <p className={NOTE}>{PASSKEYS_UNAVAILABLE}</p>
        ) : supported && passkeys !== null ? (
          passkeys.length >= PASSKEYS_PER_ACCOUNT ? (
            <p className={NOTE}>{PASSKEY_TOO_MANY}</p>
          ) : (
            <AddPasskeyForm
              hasPassword={hasPassword}
              onAdded={(passkey) => setPasskeys((list) => [...(list ?? []), passkey])}
            />
          )
        ) : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove "${removing?.name ?? ''}"?`}
        confirmLabel="Remove passkey"
        busyLabel="Removing..."
        busy={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      >
        It will no longer sign in to your account. Your device or password manager may still list it: you can delete it
        there too.
      </ConfirmDialog>
    </SettingsSection>
  );
}
