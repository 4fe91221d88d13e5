import { useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { setHolding, useHolding } from "@/lib/use-holding";
import {
  AMOUNT_USD_MAX,
  AMOUNT_USD_MIN,
  HOLDING_YEARS_MAX,
  HOLDING_YEARS_MIN,
  type Holding,
} from "@/lib/yield-after-fees";
import { formatEnUs } from "@/lib/en-us-number";

const BOUNDS = {
  years: {
    min: HOLDING_YEARS_MIN,
    max: HOLDING_YEARS_MAX,
    message: `Enter ${HOLDING_YEARS_MIN} to ${HOLDING_YEARS_MAX} years.`,
  },
  amountUsd: {
    min: AMOUNT_USD_MIN,
    max: AMOUNT_USD_MAX,
    message: `Enter $${AMOUNT_USD_MIN} to $${formatEnUs(AMOUNT_USD_MAX)}.`,
  },
} as const;

/**
 * The holding 'Yield after fees' is worked out for: a period in years and an amount in US dollars
 * (default 1 year and $100,000). A value out of bounds says so and leaves the last good one in force.
 */
export function HoldingControls({ className }: { className?: string }) {
  const holding = useHolding();
  const id = useId();
  const [draft, setDraft] = useState<Record<keyof Holding, string>>({
    years: String(holding.years),
    amountUsd: String(holding.amountUsd),
  });
  const invalid = (key: keyof Holding) => {
    const value = Number(draft[key]);
    return draft[key].trim() === "" || !Number.isFinite(value) || value < BOUNDS[key].min || value > BOUNDS[key].max;
  };
  const change = (key: keyof Holding, text: string) => {
    const next = { ...draft, [key]: text };
    setDraft(next);
    const value = Number(text);
    if (text.trim() !== "" && Number.isFinite(value) && value >= BOUNDS[key].min && value <= BOUNDS[key].max)
      setHolding({ ...holding, [key]: value });
  };
  const field = (key: keyof Holding, label: string, step: string) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${key}`} className="block text-xs font-semibold text-secondary-foreground">
        {label}
      </label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="decimal"
        min={BOUNDS[key].min}
        max={BOUNDS[key].max}
        step={step}
        value={draft[key]}
        aria-invalid={invalid(key) || undefined}
        aria-describedby={invalid(key) ? `${id}-${key}-error` : undefined}
        onChange={(event) => change(key, event.target.value)}
        fullWidth={false}
        className="mt-1 w-40"
      />
      {invalid(key) && (
        <p id={`${id}-${key}-error`} className="mt-1 text-xs font-medium text-danger">
          {BOUNDS[key].message}
        </p>
      )}
    </div>
  );
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold text-foreground">Yield after fees for</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {field("years", "Holding period (years)", "0.25")}
        {field("amountUsd", "Amount (US dollars)", "1000")}
      </div>
    </fieldset>
  );
}
