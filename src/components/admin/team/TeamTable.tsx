/**
 * The team in About's order, as an ordered list: each member's place with arrows to move it, portrait, name, role and
 * bio, Edit and Delete. One row on a wide screen; below 640 px the controls wrap under the person.
 */
import type { TeamMember } from '../../../shared/schemas/team.ts';
import SafeImage from '../../lists/SafeImage.tsx';
import { DANGER_ACTION, MoveButtons, PRIMARY_ACTION } from '../ui/row-actions.tsx';

interface Props {
  members: TeamMember[];
  /** A change is being saved: every control waits. */
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: (member: TeamMember) => void;
  onDelete: (member: TeamMember) => void;
}

function Portrait({ member }: { member: TeamMember }) {
  const frame =
    'h-14 w-14 shrink-0 overflow-hidden rounded-full border border-gray-200 bg-gray-100 dark:border-white/10 dark:bg-white/5';
  if (!member.photo)
    return (
      <span className={`${frame} flex items-center justify-center text-[10px] text-gray-500 dark:text-gray-400`}>
        No photo
      </span>
    );
  return (
    <span className={`${frame} block`}>
      <SafeImage
        src={member.photo}
        alt=""
        width={56}
        height={56}
        className="h-full w-full object-cover"
        loading="lazy"
        sizes="56px"
      />
    </span>
  );
}

export default function TeamTable({ members, busy, onMove, onEdit, onDelete }: Props) {
  return (
    <ol className="m-0 list-none divide-y divide-gray-200 p-0 dark:divide-white/10" aria-label="Team members">
      {members.map((member, index) => (
        <li
          key={member._id}
          data-member={member._id}
          className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-2 last:pb-0"
        >
          <div className="flex min-w-0 flex-1 basis-72 items-center gap-3">
            <span className="w-6 shrink-0 text-center text-sm font-semibold tabular-nums text-gray-500 dark:text-gray-400">
              {index + 1}
            </span>
            <Portrait member={member} />
            <div className="min-w-0">
              <p className="m-0 font-semibold break-words">{member.name}</p>
              <p className="m-0 text-sm text-[var(--color-primary-ink)] break-words">{member.role || 'No role'}</p>
              {member.bio && (
                <p className="m-0 mt-1 line-clamp-2 text-sm text-gray-600 break-words dark:text-gray-400">
                  {member.bio}
                </p>
              )}
            </div>
          </div>
          <div className="ml-9 flex shrink-0 flex-wrap items-center gap-2 sm:ml-0">
            <MoveButtons
              name={member.name}
              index={index}
              count={members.length}
              disabled={busy}
              onMove={(by) => onMove(index, index + by)}
            />
            <button
              type="button"
              disabled={busy}
              onClick={() => onEdit(member)}
              aria-label={`Edit ${member.name}`}
              className={PRIMARY_ACTION}
            >
              Edit
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => onDelete(member)}
              aria-label={`Delete ${member.name}`}
              className={DANGER_ACTION}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
