/** A like toggle for a photo or video: pressed when this visitor likes it, its name saying what and how many. */
import { useState } from 'react';
import { setLiked } from '../../lib/api/likes.ts';
import { formatCount } from '../../lib/format/numbers.ts';
import type { ItemCounts, LikedType } from '../../shared/activity.ts';

interface Props {
  type: LikedType;
  id: string;
  /** The item's name, for the button's accessible name. */
  title: string;
  likes: number;
  liked: boolean;
  /** The new counts: at once (the visitor sees the press), then as the API answered (or back, when it refused). */
  onChange: (id: string, counts: ItemCounts) => void;
  className?: string;
}

export default function LikeButton({ type, id, title, likes, liked, onChange, className = '' }: Props) {
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    if (busy) return;
    setBusy(true);
    onChange(id, { liked: !liked, likes: Math.max(0, likes + (liked ? -1 : 1)) });
    setLiked(type, id, !liked)
      .then((answer) => onChange(id, { liked: answer.liked, likes: answer.likes }))
      .catch(() => onChange(id, { liked, likes }))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      aria-pressed={liked}
      onClick={toggle}
      className={`inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-full border-0 bg-transparent px-2 text-sm text-inherit hover:text-[var(--color-primary-ink)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-primary)] ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-4 stroke-current stroke-2 ${liked ? 'fill-current text-[#e11d48]' : 'fill-none'}`}
      >
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.6 1.1 5.2 3 1.6-1.9 3.2-3 5.2-3 3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21Z" />
      </svg>
      {/* The name is the content, so the count a sighted user reads is the one a speech user says (WCAG 2.5.3). */}
      <span className="sr-only">{`Like ${title} (`}</span>
      {formatCount(likes)}
      <span className="sr-only">{likes === 1 ? ' like)' : ' likes)'}</span>
    </button>
  );
}
