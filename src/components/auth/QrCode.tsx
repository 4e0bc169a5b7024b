/** A QR code as one SVG path (uqr's matrix): no inline style, no markup from a string, so the page's CSP stays strict. */
import { encode } from 'uqr';

/** The path of the dark modules, one 1×1 square each, joined along a row. */
function modulesPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return d;
}

export default function QrCode({ value, label, className = '' }: { value: string; label: string; className?: string }) {
  const { data, size } = encode(value, { ecc: 'M', border: 4 });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`block bg-white ${className}`}
      data-qr
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={modulesPath(data)} fill="#000000" />
    </svg>
  );
}
