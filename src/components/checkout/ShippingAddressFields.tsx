/** The shipping address: required fields checked by the browser first, a server refusal shown on the field it names. */
import { useId } from 'react';
import type { CustomerShippingAddress as ShippingAddress } from '../../shared/orders-customer.ts';
import { ADDRESS_FIELDS, type AddressField } from './checkout-rules.ts';
import { FieldError, inputClass } from './fields.tsx';

interface Props {
  value: ShippingAddress;
  errors: Partial<Record<AddressField, string | undefined>>;
  onChange: (field: AddressField, value: string) => void;
}

/** Name and the address lines take the whole row; the short fields pair up from small screens on. */
const WIDE: ReadonlySet<AddressField> = new Set(['name', 'line1', 'line2']);

export default function ShippingAddressFields({ value, errors, onChange }: Props) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {ADDRESS_FIELDS.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name] ?? '';
        return (
          <div key={field.name} className={`min-w-0 ${WIDE.has(field.name) ? 'sm:col-span-2' : ''}`}>
            <label htmlFor={inputId} className="block text-sm font-medium">
              {field.label}
            </label>
            <input
              id={inputId}
              name={field.name}
              className={inputClass}
              required={field.required}
              maxLength={field.maxLength}
              autoComplete={field.autoComplete}
              value={value[field.name]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(e) => onChange(field.name, e.target.value)}
            />
            <FieldError id={`${inputId}-error`} text={error} />
          </div>
        );
      })}
    </div>
  );
}
