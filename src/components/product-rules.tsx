import {
  DEFAULT_HOLDING_SENTENCE,
  PRODUCT_RULE_VERSIONS,
  PRODUCT_RULES_SUMMARY,
  TIME_TO_CASH_RANKING,
  TIME_TO_CASH_STEPS,
  YIELD_AFTER_FEES_EXAMPLE,
  YIELD_AFTER_FEES_STEPS,
} from "@/lib/product-method";
import { formatAsOf } from "@/lib/tvl-provenance";

function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="list-decimal space-y-2 pl-5 marker:font-semibold marker:text-primary">
      {steps.map((step) => (
        <li key={step} className="pl-1">
          {step}
        </li>
      ))}
    </ol>
  );
}

/** /methodology's products section: the time-to-cash and yield-after-fees rules, from src/lib/product-method.ts. */
export function ProductRules() {
  return (
    <>
      <p>{PRODUCT_RULES_SUMMARY}</p>
      <h3 className="pt-2 text-lg font-semibold text-primary">Time to cash</h3>
      <Steps steps={TIME_TO_CASH_STEPS} />
      <p>{TIME_TO_CASH_RANKING}</p>
      <h3 className="pt-2 text-lg font-semibold text-primary">Yield after fees</h3>
      <Steps steps={YIELD_AFTER_FEES_STEPS} />
      <p>{YIELD_AFTER_FEES_EXAMPLE}</p>
      <p>{DEFAULT_HOLDING_SENTENCE}</p>
      <ul className="space-y-1 text-sm">
        {PRODUCT_RULE_VERSIONS.map(({ rule, version, date, change }) => (
          <li key={rule}>
            <strong className="font-semibold text-primary">
              {rule} {version}
            </strong>{" "}
            (<time dateTime={date}>{formatAsOf(date)}</time>): {change}
          </li>
        ))}
      </ul>
    </>
  );
}
