// A toolbar filter: a select named for screen readers, whose empty choice means "any".

export interface FilterOption {
  value: string;
  label: string;
}

export function FilterSelect(props: {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <span className="sr-only">{props.label}</span>
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
