// A toolbar filter of two dates (from, to): each bounds the other, so the range cannot be inverted.

export interface DateRange {
  from: string;
  to: string;
}

export function DateRangeFilter(props: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (range: DateRange) => void;
}) {
  const { from, to, onChange } = props;
  return (
    <>
      <label className="date-filter">
        <span>{props.fromLabel}</span>
        <input type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value, to })} />
      </label>
      <label className="date-filter">
        <span>{props.toLabel}</span>
        <input type="date" value={to} min={from || undefined} onChange={(event) => onChange({ from, to: event.target.value })} />
      </label>
    </>
  );
}
