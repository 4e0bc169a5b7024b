/**
 * The Store settings' 'Price bands' card: the amounts that cut prices into the shop's and the search's Price filter
 * choices, one list each, with the choices visitors will see in the store's currency; saved with the rest of the form.
 */
import { Card } from '../company/fields.tsx';
import { FIELD_CLASS } from '../ui/FilterFields.tsx';
import {
  MAX_PRICE_BANDS,
  PRICE_BAND_LISTS,
  priceBandOptions,
  type PriceBandList,
} from '../../../shared/price-bands.ts';
import { checkBandTexts, defaultBandTexts, type StoreField } from './store-form.ts';

const fieldClass = `${FIELD_CLASS} aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400`;
const smallButton =
  'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium hover:bg-gray-500/10 disabled:opacity-50 dark:border-white/20';

const LISTS: Record<PriceBandList, { legend: string; fixed: string; note: string }> = {
  shop: { legend: 'Shop', fixed: 'All Prices', note: 'The Price filter on the shop page.' },
  search: {
    legend: 'Search',
    fixed: 'All Prices, Free, Paid',
    note: 'The Price filter on the search page; Free and Paid are always offered.',
  },
};

type Texts = Record<PriceBandList, string[]>;

/** The choices a list gives visitors with the amounts as typed, or null while one of them is not valid. */
function preview(texts: Texts, list: PriceBandList, currency: string): string | null {
  // The other list as the spec has it, so only this one's amounts decide.
  const checked = checkBandTexts({ ...defaultBandTexts(), [list]: texts[list] });
  if (!checked.ok) return null;
  return [LISTS[list].fixed, ...priceBandOptions(checked.value[list], currency).map((option) => option.label)].join(
    ', ',
  );
}

export default function PriceBandsCard({
  idPrefix,
  currency,
  texts,
  errors,
  onChange,
  onReset,
}: {
  /** The form's id: each amount's input is `${idPrefix}-priceBands.<list>.<index>`. */
  idPrefix: string;
  currency: string;
  texts: Texts;
  errors: Partial<Record<StoreField, string>>;
  onChange: (texts: Texts) => void;
  onReset: () => void;
}) {
  const change = (list: PriceBandList, next: string[]) => onChange({ ...texts, [list]: next });
  return (
    <Card
      title="Price bands"
      description={`The choices of the shop's and the search's Price filters, in ${currency}. Each amount ends one band and starts the next.`}
    >
      <div className="space-y-5">
        {PRICE_BAND_LISTS.map((list) => {
          const amounts = texts[list];
          const listError = errors[`priceBands.${list}`];
          const shown = preview(texts, list, currency);
          return (
            <fieldset key={list} className="mx-0 min-w-0 border-0 p-0" data-price-bands={list}>
              <legend className="p-0 text-sm font-semibold">{LISTS[list].legend}</legend>
              <p className="m-0 mt-0.5 text-xs text-gray-600 dark:text-gray-400">{LISTS[list].note}</p>
              <ol className="m-0 mt-3 grid list-none gap-3 p-0 min-[375px]:grid-cols-2 sm:grid-cols-4">
                {amounts.map((amount, i) => {
                  const field: StoreField = `priceBands.${list}.${i}`;
                  const inputId = `${idPrefix}-${field}`;
                  const error = errors[field];
                  return (
                    <li key={i} className="min-w-0">
                      <label htmlFor={inputId} className="block text-sm font-medium">
                        {`Amount ${i + 1} (${currency})`}
                      </label>
                      <div className="flex items-center gap-1.5">
                        <input
                          id={inputId}
                          name={field}
                          className={`${fieldClass} min-w-0`}
                          inputMode="decimal"
                          autoComplete="off"
                          maxLength={12}
                          value={amount}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : undefined}
                          onChange={(e) =>
                            change(
                              list,
                              amounts.map((old, j) => (j === i ? e.target.value : old)),
                            )
                          }
                        />
                        <button
                          type="button"
                          className={`${smallButton} mt-1 shrink-0 px-2.5`}
                          aria-label={`Remove amount ${i + 1} of the ${list} price bands`}
                          disabled={amounts.length <= 1}
                          onClick={() =>
                            change(
                              list,
                              amounts.filter((_, j) => j !== i),
                            )
                          }
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </div>
                      {error && (
                        <p id={`${inputId}-error`} className="m-0 mt-1 text-sm text-red-700 dark:text-red-400">
                          {error}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ol>
              {listError && (
                <p
                  id={`${idPrefix}-priceBands.${list}-error`}
                  className="m-0 mt-2 text-sm text-red-700 dark:text-red-400"
                >
                  {listError}
                </p>
              )}
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  className={smallButton}
                  disabled={amounts.length >= MAX_PRICE_BANDS - 1}
                  onClick={() => change(list, [...amounts, ''])}
                >
                  {`Add amount to ${list} bands`}
                </button>
                <span className="text-xs text-gray-600 dark:text-gray-400">
                  {`${amounts.length + 1} of at most ${MAX_PRICE_BANDS} bands`}
                </span>
              </div>
              {shown && (
                <p
                  className="m-0 mt-3 rounded-lg bg-gray-500/10 px-3 py-2 text-sm text-gray-700 dark:text-gray-300"
                  data-bands-preview={list}
                >
                  {`Visitors choose from: ${shown}.`}
                </p>
              )}
            </fieldset>
          );
        })}
        <button type="button" className={smallButton} onClick={onReset}>
          Reset price bands to defaults
        </button>
      </div>
    </Card>
  );
}
