import { describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS, OP_CODES, generateRepairOrders, syntheticPerson, type CustomerPopulation } from './generator';
import { checkRepairOrder } from './records';

const anchor = new Date('2026-06-15T12:00:00Z');
const crm: CustomerPopulation = { count: 10, at: (i) => syntheticPerson(99, i, 'crm') };

describe('generateRepairOrders', () => {
  it('should give the same records for the same seed and anchor, and different ones for another seed', () => {
    const a = [...generateRepairOrders({ seed: 42, anchor, repairOrders: 300, crm })];
    const b = [...generateRepairOrders({ seed: 42, anchor, repairOrders: 300, crm })];
    const c = [...generateRepairOrders({ seed: 43, anchor, repairOrders: 300, crm })];
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });

  it('should produce valid ROs in the two years before the anchor, with known op codes and labor types', () => {
    const ros = [...generateRepairOrders({ seed: 7, anchor, repairOrders: 2000, crm })];
    const codes = new Set(OP_CODES.map((o) => o.code));
    const locations = new Set(DEMO_LOCATIONS.map((l) => l.locationId));
    for (const ro of ros) {
      expect(checkRepairOrder(ro as unknown as Record<string, unknown>).ok, ro.roNumber).toBe(true);
      expect(locations.has(ro.locationId)).toBe(true);
      expect(ro.openDate >= '2024-06-15' && ro.openDate < '2026-06-15').toBe(true);
      for (const job of ro.jobs) {
        expect(codes.has(job.opCode)).toBe(true);
        expect(['C', 'W', 'I']).toContain(job.laborType);
      }
    }
    const keys = new Set(ros.map((r) => `${r.locationId}/${r.roNumber}`));
    expect(keys.size).toBe(ros.length);
    expect(ros.some((r) => r.closeDate === null && r.voidDate === null)).toBe(true);
    expect(ros.some((r) => r.voidDate !== null)).toBe(true);
  });

  it('should balance every closed RO\'s accounting postings to zero', () => {
    for (const ro of generateRepairOrders({ seed: 3, anchor, repairOrders: 500 })) {
      if (!ro.accountingDetails?.length) continue;
      const cents = ro.accountingDetails.reduce((s, a) => s + Math.round(a.postingAmount * 100), 0);
      expect(cents, ro.roNumber).toBe(0);
    }
  });

  it('should give the CRM customers their share of ROs with their own e-mail and phones', () => {
    const ros = [...generateRepairOrders({ seed: 5, anchor, repairOrders: 1000, crm, crmShare: 0.4 })];
    const people = Array.from({ length: crm.count }, (_, i) => crm.at(i));
    const phones = new Set(people.flatMap((p) => p.phones));
    const mine = ros.filter((r) => r.customerPhones?.some((p) => phones.has(p)));
    expect(mine.length).toBeGreaterThan(300);
    expect(mine.length).toBeLessThan(500);
    for (const ro of mine) {
      const person = people.find((p) => p.phones[0] === ro.customerPhones![0])!;
      expect(ro.customerLastName).toBe(person.lastName);
      if (ro.customerEmail) expect(ro.customerEmail).toBe(person.email);
    }
  });
});

describe('syntheticPerson', () => {
  it('should be a pure function of seed and index, with unique phones per index', () => {
    expect(syntheticPerson(1, 12345, 'crm')).toEqual(syntheticPerson(1, 12345, 'crm'));
    const phones = new Set<string>();
    for (let i = 0; i < 20_000; i++) phones.add(syntheticPerson(1, i, 'crm').phones[0]!);
    for (let i = 0; i < 20_000; i++) phones.add(syntheticPerson(1, i, 'walkIn').phones[0]!);
    expect(phones.size).toBe(40_000);
  });
});
