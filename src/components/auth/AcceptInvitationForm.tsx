/**
 * /accept-invitation#<token>: the invited person sees who invited them to what, chooses their names, username and
 * password, and is sent to sign in. The token travels in the fragment (never sent to a server or in a Referer) and is
 * taken out of the address once read.
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/auth.ts';
import { acceptInvitation, fetchInvitation } from '../../lib/api/invitations.ts';
import { AUTH_TEXTS } from '../../lib/auth-rules.ts';
import { INVITATION_GONE, INVITATION_TOKEN, type InvitationFacts } from '../../shared/schemas/staff-invitation.ts';
import { NAME_MAX } from '../../shared/account.ts';
import { ROLE_LABELS, ROLE_SUMMARIES } from '../../shared/staff-roles.ts';
import {
  Alert,
  AuthCard,
  FormAlert,
  NameFields,
  NewPasswordFields,
  refusedField,
  SubmitButton,
  TextField,
  useFormMessage,
} from './fields.tsx';

type Invitation =
  | { state: 'reading' }
  | { state: 'gone'; text: string }
  | { state: 'open'; token: string; facts: InvitationFacts }
  | { state: 'done'; text: string };

export default function AcceptInvitationForm() {
  const [invitation, setInvitation] = useState<Invitation>({ state: 'reading' });
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormMessage();

  useEffect(() => {
    const token = location.hash.slice(1);
    history.replaceState(history.state, '', location.pathname);
    if (!INVITATION_TOKEN.test(token)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment is read once hydration is done (the server renders without it)
      setInvitation({ state: 'gone', text: INVITATION_GONE });
      return;
    }
    fetchInvitation(token)
      .then((facts) => setInvitation({ state: 'open', token, facts }))
      .catch((error: unknown) => setInvitation({ state: 'gone', text: errorMessage(error, INVITATION_GONE) }));
  }, []);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invitation.state !== 'open') return;
    if (password !== confirm) {
      form.fail(AUTH_TEXTS.passwordsDiffer, ['confirmPassword']);
      return;
    }
    setBusy(true);
    form.clear();
    try {
      const { message } = await acceptInvitation({
        token: invitation.token,
        first_name: first,
        last_name: last,
        username,
        password,
      });
      setInvitation({ state: 'done', text: message });
    } catch (error) {
      const field = refusedField(error);
      // A spent link is no field of the form: the page says so instead of the form.
      if (field === 'token') setInvitation({ state: 'gone', text: errorMessage(error, INVITATION_GONE) });
      else form.fail(errorMessage(error, 'Your account could not be made. Please try again.'), [field]);
    } finally {
      setBusy(false);
    }
  }

  if (invitation.state === 'reading')
    return (
      <AuthCard title="Join the team">
        <p className="m-0 text-gray-600 dark:text-gray-300" role="status">
          Reading your invitation…
        </p>
      </AuthCard>
    );
  if (invitation.state !== 'open')
    return (
      <AuthCard title="Join the team">
        <div className="space-y-4">
          <Alert tone={invitation.state === 'done' ? 'success' : 'error'}>{invitation.text}</Alert>
          <a href="/login" className="brand-button block px-4 py-2 text-center font-semibold no-underline">
            Go to sign in
          </a>
        </div>
      </AuthCard>
    );
  const { facts } = invitation;
  return (
    <AuthCard title={`Join ${facts.company}`}>
      <p className="m-0">
        You are invited as <strong>{ROLE_LABELS[facts.role]}</strong>.
      </p>
      <p className="m-0 mt-1 text-sm text-gray-600 dark:text-gray-300">{ROLE_SUMMARIES[facts.role]}</p>
      <p className="m-0 mb-6 mt-3 text-sm">
        Your account’s email: <strong className="break-words">{facts.email}</strong>
      </p>
      <form
        method="post"
        className="space-y-4"
        onSubmit={(event) => {
          void submit(event);
        }}
        onChange={form.edited}
      >
        <NameFields first={first} last={last} onFirst={setFirst} onLast={setLast} form={form} />
        <TextField
          label="Username"
          name="username"
          value={username}
          onChange={setUsername}
          autoComplete="username"
          maxLength={NAME_MAX}
          aria={form.field('username')}
        />
        <NewPasswordFields
          label="Password"
          name="password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          form={form}
        />
        <FormAlert form={form} />
        <SubmitButton busy={busy}>{busy ? 'Creating your account...' : 'Create account'}</SubmitButton>
      </form>
    </AuthCard>
  );
}
