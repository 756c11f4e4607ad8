/**
 * The upgrade credit of product rules §4.3: the smaller of what the remaining time and the remaining traffic of the
 * current subscription are worth, at the current package's price. Integer fen, rounded down; BigInt inside so that
 * price x seconds cannot lose precision.
 */
export interface UpgradeInput {
  priceFen: number;
  periodSeconds: number;
  remainingSeconds: number;
  /** null: unlimited traffic (then only time counts) */
  limitBytes: number | null;
  usedBytes: number;
  newPriceFen: number;
}

export interface UpgradeQuoteMath {
  timeValueFen: number;
  trafficValueFen: number | null;
  creditFen: number;
  dueFen: number;
}

function share(priceFen: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const clamped = Math.min(Math.max(part, 0), whole);
  return Number((BigInt(priceFen) * BigInt(Math.floor(clamped))) / BigInt(Math.floor(whole)));
}

export function quoteUpgrade(input: UpgradeInput): UpgradeQuoteMath {
  const timeValueFen = share(input.priceFen, input.remainingSeconds, input.periodSeconds);
  const trafficValueFen =
    input.limitBytes === null
      ? null
      : share(input.priceFen, input.limitBytes - input.usedBytes, input.limitBytes);
  const creditFen = trafficValueFen === null ? timeValueFen : Math.min(timeValueFen, trafficValueFen);
  return { timeValueFen, trafficValueFen, creditFen, dueFen: Math.max(0, input.newPriceFen - creditFen) };
}
