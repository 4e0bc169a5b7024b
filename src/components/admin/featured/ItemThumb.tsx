/** An item's small square picture in the Featured screen's lists, or its kind's initial when it has none. */
import SafeImage from '../../lists/SafeImage.tsx';

export default function ItemThumb({ image, label }: { image: string; label: string }) {
  const frame =
    'h-12 w-12 shrink-0 overflow-hidden rounded-md border border-gray-200 bg-gray-100 dark:border-white/10 dark:bg-white/5';
  if (!image)
    return (
      <span
        aria-hidden="true"
        className={`${frame} flex items-center justify-center text-sm font-semibold text-gray-500 dark:text-gray-400`}
      >
        {label.charAt(0)}
      </span>
    );
  return (
    <span className={`${frame} block`}>
      <SafeImage
        src={image}
        alt=""
        width={48}
        height={48}
        sizes="48px"
        loading="lazy"
        className="h-full w-full object-cover"
      />
    </span>
  );
}
