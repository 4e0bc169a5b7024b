/** An image that swaps in the placeholder when it fails to load (spec section 8). */
import { useEffect, useRef, useState } from 'react';
import { apiAsset } from '../../lib/api/base.ts';

export const PLACEHOLDER_IMAGE = '/placeholder.webp';

interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
}

export default function SafeImage({ src, alt, width, height, className = '', eager = false }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed || !src ? PLACEHOLDER_IMAGE : apiAsset(src)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
