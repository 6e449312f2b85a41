import type { ActingAsToken } from '../../auth/acting-as';
import { Select } from '../../components/Input';

/** A select over the acting-as list: picking an entry hands its token over; the first option says what to do. */
export function TokenPicker(props: {
  tokens: readonly ActingAsToken[];
  label: string;
  placeholder: string;
  /** The id of the entry shown as chosen; '' shows the placeholder. */
  value: string;
  /** Layout only (its width); the look is the kit's. */
  className?: string;
  onPick: (t: ActingAsToken) => void;
}) {
  return (
    <Select
      className={props.className}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => {
        const t = props.tokens.find((x) => x.id === e.target.value);
        if (t) props.onPick(t);
      }}
    >
      <option value="">{props.placeholder}</option>
      {props.tokens.map((t) => (
        <option key={t.id} value={t.id}>
          {t.label}
        </option>
      ))}
    </Select>
  );
}
