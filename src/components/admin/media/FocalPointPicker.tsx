/**
 * The focal point of a picture: what a crop keeps in view. A click on the picture sets it (a marker shows it), the
 * arrow keys move it by 5 percent, two number fields give it exactly, and a square and a 16:9 crop show the result.
 */
import { useEffect, useId, useRef } from 'react';
import { apiAsset } from '../../../lib/api/base.ts';
import { inputClass } from '../../auth/fields.tsx';
import { FieldError, INVALID_BORDER, invalidProps } from '../ui/field-errors.tsx';
import { focalFromKey, focalFromPoint, objectPosition, type FocalPoint } from './media-screen.ts';

interface Props {
  /** The picture's URL as the library gives it. */
  src: string;
  focal: FocalPoint;
  onChange: (focal: FocalPoint) => void;
  disabled: boolean;
  /** Refusals of the two numbers, by field name. */
  errors: { focalX?: string | undefined; focalY?: string | undefined };
}

/** One crop of the picture around the focal point; object-position is set through the DOM, as SafeImage does. */
function Crop({ src, focal, label, frame }: { src: string; focal: FocalPoint; label: string; frame: string }) {
  const img = useRef<HTMLImageElement>(null);
  const position = objectPosition(focal);
  useEffect(() => {
    if (img.current) img.current.style.objectPosition = position;
  }, [position]);
  return (
    <figure className="m-0 min-w-0">
      <div
        className={`overflow-hidden rounded-md bg-gray-100 ring-1 ring-gray-200 dark:bg-white/5 dark:ring-white/10 ${frame}`}
      >
        <img ref={img} src={src} alt="" className="block h-full w-full object-cover" data-focus={position} />
      </div>
      <figcaption className="mt-1 text-xs text-gray-600 dark:text-gray-400">{label}</figcaption>
    </figure>
  );
}

function PercentField({
  label,
  name,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  name: 'focalX' | 'focalY';
  value: number;
  disabled: boolean;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={value}
        disabled={disabled}
        className={`${inputClass} ${INVALID_BORDER}`}
        {...invalidProps(id, error)}
        onChange={(e) => {
          // An emptied field keeps the last number until a new one is typed.
          if (e.target.value === '') return;
          const number = Math.round(Number(e.target.value));
          if (Number.isFinite(number)) onChange(Math.min(100, Math.max(0, number)));
        }}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export default function FocalPointPicker({ src, focal, onChange, disabled, errors }: Props) {
  const hintId = useId();
  const url = apiAsset(src);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex justify-center rounded-lg bg-gray-100 p-2 dark:bg-black/30">
        <button
          type="button"
          disabled={disabled}
          aria-label={`Focal point: ${focal.focalX}% from the left, ${focal.focalY}% from the top`}
          aria-describedby={hintId}
          className="relative block max-w-full cursor-crosshair overflow-hidden rounded-md border-0 bg-transparent p-0 leading-none disabled:cursor-wait"
          onClick={(event) => {
            // Enter and Space click a button too (detail 0): only a pointer's click has a place on the picture.
            if (event.detail === 0) return;
            onChange(focalFromPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect()));
          }}
          onKeyDown={(event) => {
            const next = focalFromKey(event.key, focal);
            if (!next) return;
            event.preventDefault();
            onChange(next);
          }}
        >
          <img
            src={url}
            alt=""
            draggable={false}
            className="block h-auto max-h-[min(50vh,24rem)] w-auto max-w-full select-none"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-7 w-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-white/20 shadow-[0_0_0_2px_rgba(0,0,0,0.55),0_2px_6px_rgba(0,0,0,0.4)]"
            style={{ left: `${focal.focalX}%`, top: `${focal.focalY}%` }}
          >
            <span className="absolute top-1/2 left-1/2 h-1.5 w-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white" />
          </span>
        </button>
      </div>
      <p id={hintId} className="m-0 text-xs text-gray-600 dark:text-gray-400">
        Click the part of the picture that must stay in view when it is cropped, or focus the picture and use the arrow
        keys. Save to keep it.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <PercentField
          label="From the left (%)"
          name="focalX"
          value={focal.focalX}
          disabled={disabled}
          error={errors.focalX}
          onChange={(focalX) => onChange({ ...focal, focalX })}
        />
        <PercentField
          label="From the top (%)"
          name="focalY"
          value={focal.focalY}
          disabled={disabled}
          error={errors.focalY}
          onChange={(focalY) => onChange({ ...focal, focalY })}
        />
      </div>
      <div>
        <p className="m-0 text-sm font-medium text-gray-800 dark:text-gray-200">How crops will look</p>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <Crop src={url} focal={focal} label="Square" frame="aspect-square w-20 sm:w-24" />
          <Crop src={url} focal={focal} label="Wide (16:9)" frame="aspect-video w-36 sm:w-44" />
        </div>
      </div>
    </div>
  );
}
