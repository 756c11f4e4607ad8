import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteUpgrade, type UpgradeInput } from './upgrade-math.js';

const GB = 1024 ** 3;

const input = fc.record({
  priceFen: fc.integer({ min: 0, max: 10_000_000 }),
  periodSeconds: fc.integer({ min: 86_400, max: 3 * 365 * 86_400 }),
  remainingSeconds: fc.integer({ min: -86_400, max: 4 * 365 * 86_400 }),
  limitBytes: fc.option(fc.integer({ min: 1, max: 10_000 * GB }), { nil: null }),
  usedBytes: fc.integer({ min: 0, max: 20_000 * GB }),
  newPriceFen: fc.integer({ min: 0, max: 10_000_000 }),
});

describe('upgrade credit (property-based)', () => {
  it('is never negative and never more than the current price', () => {
    fc.assert(
      fc.property(input, (i: UpgradeInput) => {
        const q = quoteUpgrade(i);
        expect(q.creditFen).toBeGreaterThanOrEqual(0);
        expect(q.creditFen).toBeLessThanOrEqual(i.priceFen);
        expect(q.dueFen).toBeGreaterThanOrEqual(0);
        expect(q.dueFen).toBe(Math.max(0, i.newPriceFen - q.creditFen));
        expect(Number.isInteger(q.creditFen)).toBe(true);
      }),
    );
  });

  it('is the smaller of the time value and the traffic value (time only when unlimited)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = quoteUpgrade(i);
        expect(q.creditFen).toBe(
          q.trafficValueFen === null ? q.timeValueFen : Math.min(q.timeValueFen, q.trafficValueFen),
        );
        expect(q.trafficValueFen === null).toBe(i.limitBytes === null);
      }),
    );
  });

  it('grows with remaining time and with remaining traffic', () => {
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 0, max: 365 * 86_400 }),
        fc.integer({ min: 0, max: 1000 * GB }),
        (i, moreTime, lessUsed) => {
          const base = quoteUpgrade(i).creditFen;
          expect(
            quoteUpgrade({ ...i, remainingSeconds: i.remainingSeconds + moreTime }).creditFen,
          ).toBeGreaterThanOrEqual(base);
          expect(
            quoteUpgrade({ ...i, usedBytes: Math.max(0, i.usedBytes - lessUsed) }).creditFen,
          ).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });

  it('matches hand-worked examples', () => {
    // Half the month left, a quarter of the traffic used: time is worth less, so time decides.
    expect(
      quoteUpgrade({
        priceFen: 3000,
        periodSeconds: 30 * 86_400,
        remainingSeconds: 15 * 86_400,
        limitBytes: 100 * GB,
        usedBytes: 25 * GB,
        newPriceFen: 8800,
      }),
    ).toEqual({
      timeValueFen: 1500,
      trafficValueFen: 2250,
      creditFen: 1500,
      dueFen: 7300,
    });
    // All traffic used: nothing to carry over.
    expect(
      quoteUpgrade({
        priceFen: 3000,
        periodSeconds: 30 * 86_400,
        remainingSeconds: 29 * 86_400,
        limitBytes: GB,
        usedBytes: 2 * GB,
        newPriceFen: 3500,
      }).creditFen,
    ).toBe(0);
    // Unlimited: time only.
    expect(
      quoteUpgrade({
        priceFen: 8800,
        periodSeconds: 30 * 86_400,
        remainingSeconds: 10 * 86_400,
        limitBytes: null,
        usedBytes: 999 * GB,
        newPriceFen: 33600,
      }).creditFen,
    ).toBe(2933);
  });
});
