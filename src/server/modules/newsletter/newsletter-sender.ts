/**
 * The newsletter's send worker: a loop in the server process that mails queued deliveries one at a time, at most
 * NEWSLETTER_SEND_RATE a second, through the same mailer as every other mail.
 *
 * Never twice: a delivery is claimed ('sending') in the database before its mail goes out and marked 'sent' right
 * after. A process that dies between the two leaves it 'sending', and nobody can tell whether the mail went out; so
 * when a worker starts it marks every delivery still 'sending' as failed ('interrupted') and never sends it again
 * (the admin screen says so). On PostgreSQL one worker sends at a time across every instance (an advisory lock held
 * for as long as it runs; the others wait for it), so a worker that takes over knows the claims it finds are dead.
 *
 * The same loop mails an import's confirmation links, before any issue and within the same rate. An imported address
 * is stored pending with no confirmation token (its mail is due); the worker claims it by storing the hashes of the
 * tokens the mail will carry, then mails it. A claim is never undone, so a crash in between leaves that address
 * pending without a mail (it may sign up again from the form) rather than mailed twice.
 */
import type { Db } from '../../db/connection.ts';
import { instanceLock } from '../../db/instance-lock.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { mailBrand } from '../auth/auth-mails.ts';
import { newOpaqueToken, sha256Hex } from '../auth/tokens.ts';
import { issueContent } from './newsletter-html.ts';
import { confirmSubscriptionMail, issueMail, type IssueContent } from './newsletter-mails.ts';
import {
  CONFIRM_TTL_MS,
  confirmExpiry,
  newsletterLink,
  oneClickUnsubscribeUrl,
  retryDelayMs,
  SEND_ATTEMPTS,
  sendFailure,
  sendIntervalMs,
} from './newsletter-rules.ts';
import {
  claimConfirmation,
  claimDelivery,
  failInterruptedDeliveries,
  findIssue,
  finishIssues,
  nextDueConfirmation,
  nextQueuedDelivery,
  settleDelivery,
  type DeliveryKey,
} from './newsletter.repository.ts';

/** The advisory lock key of the send worker (distinct from the site rebuild's and the write lock's). */
export const NEWSLETTER_SENDER_LOCK = 0x6e657773;
/** With nothing due, how often the queue is looked at again (another instance may have queued an issue). */
const IDLE_POLL_MS = 5_000;

export interface SenderDeps {
  db: Db;
  env: Pick<Env, 'SITE_URL' | 'PUBLIC_API_URL' | 'NEWSLETTER_SEND_RATE' | 'DATABASE_URL'>;
  mailer: Mailer;
}

export interface NewsletterSender {
  /** Looks at the queue now (an issue was just queued). */
  wake(): void;
  /** Lets the mail being sent finish, then stops; resolves once the loop has ended. */
  stop(): Promise<void>;
}

/** The workers of this process, woken when an admin queues an issue. */
const running = new Set<NewsletterSender>();

/** Wakes this process's send workers (after an issue was queued). */
export function wakeNewsletterSenders(): void {
  for (const sender of running) sender.wake();
}

const log = (event: string, fields: Record<string, unknown> = {}) =>
  console.error(JSON.stringify({ level: event.endsWith('failure') ? 'error' : 'info', event, ...fields }));

type Step = 'mailed' | 'skipped' | 'idle';

export function startNewsletterSender(deps: SenderDeps, options: { idlePollMs?: number } = {}): NewsletterSender {
  const { db, env, mailer } = deps;
  const interval = sendIntervalMs(env.NEWSLETTER_SEND_RATE);
  const apiBase = env.PUBLIC_API_URL ?? env.SITE_URL;
  const state = { stopped: false };
  // Read through a call: stop() sets it while the loop awaits, which narrowing would not see.
  const stopping = () => state.stopped;
  let holding = false;
  let endPause: (() => void) | null = null;
  let idlePause = false;
  // A wake-up while a step runs: the pause after it ends at once, so nothing queued meanwhile waits for the poll.
  let woken = false;
  // Gives up waiting for the lock; never aborted once the loop runs, so a mail in flight keeps the lock.
  const waiting = new AbortController();
  const issues = new Map<string, IssueContent>();

  /** Waits `ms`; stop() ends any pause, a wake-up only an idle one (the rate holds whatever is queued). */
  const pause = (ms: number, idle: boolean) =>
    new Promise<void>((resolve) => {
      if (state.stopped || (idle && woken)) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        endPause = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      endPause = done;
      idlePause = idle;
    });

  async function contentOf(issueId: string): Promise<IssueContent | null> {
    const cached = issues.get(issueId);
    if (cached) return cached;
    const issue = await findIssue(db, issueId);
    if (!issue) return null;
    const content = issueContent(issue, env.SITE_URL);
    issues.set(issueId, content);
    return content;
  }

  /** Mails the next imported address its confirmation link; null when none is due. */
  async function confirmNext(): Promise<Step | null> {
    const due = await nextDueConfirmation(db);
    if (!due) return null;
    const brand = await mailBrand(db, env.SITE_URL);
    const confirmToken = newOpaqueToken();
    const unsubscribeToken = newOpaqueToken();
    const claimed = await claimConfirmation(db, due.id, {
      confirm_token_hash: sha256Hex(confirmToken),
      confirm_expires_at: confirmExpiry(new Date()),
      unsubscribe_token_hash: sha256Hex(unsubscribeToken),
    });
    if (!claimed) return 'skipped';
    const mail = confirmSubscriptionMail(brand, due.email, {
      confirmUrl: newsletterLink(env.SITE_URL, 'confirm', confirmToken),
      unsubscribeUrl: newsletterLink(env.SITE_URL, 'unsubscribe', unsubscribeToken),
      hours: Math.round(CONFIRM_TTL_MS / 3_600_000),
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      log('newsletter.confirm.failure', { reason: error instanceof Error ? error.message : 'unknown' });
    }
    return 'mailed';
  }

  /** Sends the next due confirmation or delivery, or skips one whose subscriber left; 'idle' when none is due. */
  async function step(): Promise<Step> {
    const confirmed = await confirmNext();
    if (confirmed) return confirmed;
    const now = new Date().toISOString();
    const next = await nextQueuedDelivery(db, now);
    if (!next) {
      await finishIssues(db, now);
      return 'idle';
    }
    const key: DeliveryKey = { issue_id: next.issue_id, subscriber_id: next.subscriber_id };
    if (next.subscriber_status !== 'confirmed') {
      await settleDelivery(db, key, 'queued', { status: 'skipped', failure: 'unsubscribed' });
      return 'skipped';
    }
    const content = await contentOf(next.issue_id);
    if (!content) return 'skipped';
    // Read before the claim: between the claim and the mail nothing may fail but the mail itself.
    const brand = await mailBrand(db, env.SITE_URL);
    const token = newOpaqueToken();
    if (!(await claimDelivery(db, key, now, sha256Hex(token)))) return 'skipped';
    const mail = issueMail(brand, next.email, content, {
      unsubscribeUrl: newsletterLink(env.SITE_URL, 'unsubscribe', token),
      oneClickUrl: oneClickUnsubscribeUrl(apiBase, token),
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      const failure = sendFailure(error);
      const attempt = next.attempts + 1;
      log('newsletter.send.failure', { reason: error instanceof Error ? error.message : 'unknown', failure, attempt });
      await settleDelivery(
        db,
        key,
        'sending',
        failure === 'retry' && attempt < SEND_ATTEMPTS
          ? { status: 'queued', next_attempt_at: new Date(Date.now() + retryDelayMs(attempt)).toISOString() }
          : { status: 'failed', failure: failure === 'unknown' ? 'interrupted' : 'refused' },
      );
      return 'mailed';
    }
    // Right after the mail: a crash before this line leaves the claim, which a restart fails without resending.
    await settleDelivery(db, key, 'sending', { status: 'sent', sent_at: new Date().toISOString() });
    return 'mailed';
  }

  async function loop(): Promise<void> {
    holding = true;
    if (stopping()) return;
    const interrupted = await failInterruptedDeliveries(db);
    if (interrupted > 0) log('newsletter.send.interrupted', { deliveries: interrupted });
    while (!stopping()) {
      const started = Date.now();
      let outcome: Step;
      try {
        outcome = await step();
      } catch (error) {
        if (stopping()) break;
        log('newsletter.worker.failure', { reason: error instanceof Error ? error.message : 'unknown' });
        outcome = 'idle';
      }
      if (stopping()) break;
      if (outcome === 'mailed') await pause(Math.max(0, started + interval - Date.now()), false);
      else if (outcome === 'idle') {
        issues.clear();
        await pause(options.idlePollMs ?? IDLE_POLL_MS, true);
      }
    }
  }

  const lock = instanceLock(env.DATABASE_URL, NEWSLETTER_SENDER_LOCK);
  const sender: NewsletterSender = {
    wake: () => {
      woken = true;
      if (idlePause) endPause?.();
    },
    async stop() {
      state.stopped = true;
      if (!holding) waiting.abort();
      endPause?.();
      await done;
      running.delete(sender);
    },
  };
  const done = lock(loop, waiting.signal).catch((error: unknown) => {
    if (!state.stopped)
      log('newsletter.worker.failure', { reason: error instanceof Error ? error.message : 'unknown' });
  });
  running.add(sender);
  return sender;
}
