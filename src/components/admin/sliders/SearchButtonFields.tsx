/** The 'Search Button Settings' block of the slider editor (defaults: spec section 3). */
import { SEARCH_BUTTON_DEFAULTS } from '../../../shared/constants.ts';
import { RECENT_SEARCHES_MAX, SEARCH_PLACEHOLDER_MAX, SEARCH_TEXT_MAX } from '../../../shared/slider.ts';
import type { SearchButton } from '../../../shared/types.ts';
import { CheckboxInput, ColourInput, FieldGroup, SelectInput, TextInput } from './fields.tsx';

const ICONS = [
  ['FaSearch', 'Search Icon'],
  ['FaMicrophone', 'Microphone Icon'],
  ['FaStar', 'Star Icon'],
] as const;
const POSITIONS = [
  ['left', 'Left'],
  ['right', 'Right'],
  ['inline', 'Inline'],
  ['below', 'Below'],
] as const;
const HOVERS = [
  ['darken', 'Darken'],
  ['lighten', 'Lighten'],
  ['scale', 'Scale'],
  ['underline', 'Underline'],
] as const;

interface Props {
  value: SearchButton;
  onChange: (value: SearchButton) => void;
}

export default function SearchButtonFields({ value, onChange }: Props) {
  const set =
    <K extends keyof SearchButton>(key: K) =>
    (v: SearchButton[K]) =>
      onChange({ ...value, [key]: v });
  const style =
    <K extends keyof SearchButton['style']>(key: K) =>
    (v: SearchButton['style'][K]) =>
      onChange({ ...value, style: { ...value.style, [key]: v } });
  const limit = (text: string) => {
    const n = Number(text);
    onChange({
      ...value,
      recentSearches: {
        ...value.recentSearches,
        limit: Number.isInteger(n) ? Math.max(0, Math.min(RECENT_SEARCHES_MAX, n)) : 0,
      },
    });
  };
  return (
    <FieldGroup legend="Search Button Settings">
      <div className="sm:col-span-2">
        <CheckboxInput label="Enable Search Button" checked={value.enabled} onChange={set('enabled')} />
      </div>
      <TextInput label="Button Text" value={value.text} maxLength={SEARCH_TEXT_MAX} onChange={set('text')} />
      <TextInput
        label="Placeholder"
        value={value.placeholder}
        maxLength={SEARCH_PLACEHOLDER_MAX}
        onChange={set('placeholder')}
      />
      <SelectInput label="Icon" value={value.icon} options={ICONS} onChange={set('icon')} />
      <SelectInput label="Position" value={value.position} options={POSITIONS} onChange={set('position')} />
      <ColourInput
        label="Background Color"
        value={value.style.backgroundColor}
        fallback={SEARCH_BUTTON_DEFAULTS.style.backgroundColor}
        onChange={style('backgroundColor')}
      />
      <ColourInput
        label="Text Color"
        value={value.style.textColor}
        fallback={SEARCH_BUTTON_DEFAULTS.style.textColor}
        onChange={style('textColor')}
      />
      <TextInput
        label="Border Radius"
        value={value.style.borderRadius}
        maxLength={20}
        placeholder="6px"
        onChange={style('borderRadius')}
      />
      <TextInput
        label="Padding"
        value={value.style.padding}
        maxLength={40}
        placeholder="0.5rem 1rem"
        onChange={style('padding')}
      />
      <SelectInput
        label="Hover Effect"
        value={value.style.hoverEffect}
        options={HOVERS}
        onChange={style('hoverEffect')}
      />
      <TextInput
        label="Recent Searches Limit"
        type="number"
        min={0}
        max={RECENT_SEARCHES_MAX}
        value={String(value.recentSearches.limit)}
        onChange={limit}
      />
      <CheckboxInput
        label="Enable Voice Search"
        checked={value.voiceSearch.enabled}
        onChange={(enabled) => onChange({ ...value, voiceSearch: { enabled } })}
      />
      <CheckboxInput
        label="Show Recent Searches"
        checked={value.recentSearches.enabled}
        onChange={(enabled) => onChange({ ...value, recentSearches: { ...value.recentSearches, enabled } })}
      />
    </FieldGroup>
  );
}
