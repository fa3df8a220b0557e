import { describe, expect, test } from 'vitest';
import { GST_STATES, HOME_STATE_CODE, RETIRED_STATE_CODES, formatStateWithCode, gstStateByCode, gstStateByName, isGstStateCode } from './states';

describe('GST state codes', () => {
  test('the list holds every state and union territory in use, each code once, in code order', () => {
    const codes = GST_STATES.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    // 28 states, 8 union territories and "Other Territory".
    expect(GST_STATES.filter((s) => s.kind === 'state')).toHaveLength(28);
    expect(GST_STATES.filter((s) => s.kind === 'union_territory')).toHaveLength(8);
    expect(codes).toContain('97');
    for (const code of codes) expect(code).toMatch(/^\d\d$/);
  });

  test('codes the invoices of a Sikkim operator use most', () => {
    expect(HOME_STATE_CODE).toBe('11');
    expect(gstStateByCode('11')?.name).toBe('Sikkim');
    expect(gstStateByCode('19')?.name).toBe('West Bengal');
    expect(gstStateByCode('07')?.name).toBe('Delhi');
    expect(gstStateByCode('38')?.name).toBe('Ladakh');
    expect(gstStateByCode('26')?.name).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(gstStateByCode('97')?.name).toBe('Other Territory');
    expect(gstStateByCode(' 19 ')?.code).toBe('19');
  });

  test('retired and unknown codes are not states', () => {
    expect(Object.keys(RETIRED_STATE_CODES)).toEqual(['25', '28']);
    expect(gstStateByCode('25')).toBeUndefined();
    expect(gstStateByCode('28')).toBeUndefined();
    expect(gstStateByCode('39')).toBeUndefined();
    expect(gstStateByCode('00')).toBeUndefined();
    expect(isGstStateCode('11')).toBe(true);
    expect(isGstStateCode('99')).toBe(false);
  });

  test('names are found whatever the case, punctuation or older spelling', () => {
    expect(gstStateByName('west bengal')?.code).toBe('19');
    expect(gstStateByName('  SIKKIM ')?.code).toBe('11');
    expect(gstStateByName('Jammu & Kashmir')?.code).toBe('01');
    expect(gstStateByName('Orissa')?.code).toBe('21');
    expect(gstStateByName('Pondicherry')?.code).toBe('34');
    expect(gstStateByName('Andaman & Nicobar Islands')?.code).toBe('35');
    expect(gstStateByName('Daman and Diu')?.code).toBe('26');
    expect(gstStateByName('NCT of Delhi')?.code).toBe('07');
    expect(gstStateByName('Atlantis')).toBeUndefined();
    for (const s of GST_STATES) expect(gstStateByName(s.name)).toBe(s);
  });

  test('the state half of an intra-state supply is UTGST only in union territories without a legislature', () => {
    const utgst = GST_STATES.filter((s) => s.stateTax === 'UTGST').map((s) => s.code);
    expect(utgst).toEqual(['04', '26', '31', '35', '38', '97']);
    expect(gstStateByCode('07')?.stateTax).toBe('SGST');
    expect(gstStateByCode('11')?.stateTax).toBe('SGST');
  });

  test('place of supply is written with name and code', () => {
    expect(formatStateWithCode('19')).toBe('West Bengal (19)');
    expect(formatStateWithCode('11')).toBe('Sikkim (11)');
    expect(() => formatStateWithCode('25')).toThrow(RangeError);
  });
});
