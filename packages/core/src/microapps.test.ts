import { describe, expect, it } from 'vitest';
import {
  canModifyMicroappInstances,
  instanceUniqueName,
  isCustomElementName,
  isMicroappUrl,
  joinInstanceIds,
  MICROAPP_INSTANCE_ID_MESSAGE,
  MICROAPP_MODIFIER_ROLE_ID,
  safeSettings,
  settingNameProblem,
  splitInstanceIds,
  validateMicroappPickerValue,
} from './microapps';

const A = '7e000000-0000-4000-8000-0000000a0101';
const B = '7e000000-0000-4000-8000-0000000a0102';

describe('micro-app picker values', () => {
  it('joins and splits instance ids with a pipe, dropping blanks and repeats', () => {
    expect(joinInstanceIds([A, B])).toBe(`${A}|${B}`);
    expect(splitInstanceIds(` ${A} || ${B}|${A}`)).toEqual([A, B]);
    expect(splitInstanceIds(null)).toEqual([]);
  });

  it('requires a value only when the field is required', () => {
    expect(validateMicroappPickerValue('', { required: true })).toBe('This field is required');
    expect(validateMicroappPickerValue(' | ', { required: true })).toBe('This field is required');
    expect(validateMicroappPickerValue(null)).toBeNull();
  });

  it('refuses values that do not name instances', () => {
    expect(validateMicroappPickerValue(`${A}|newsletter`)).toBe(MICROAPP_INSTANCE_ID_MESSAGE);
    expect(validateMicroappPickerValue(`${A}|${B}`, { required: true })).toBeNull();
  });
});

describe('who modifies instances', () => {
  it('lets administrators and the PORTAL-EDITOR role modify', () => {
    expect(MICROAPP_MODIFIER_ROLE_ID).toBe('portal-editor');
    expect(canModifyMicroappInstances({ isAdmin: true, roleIds: [] })).toBe(true);
    expect(canModifyMicroappInstances({ isAdmin: false, roleIds: ['portal-editor'] })).toBe(true);
    expect(canModifyMicroappInstances({ isAdmin: false, roleIds: ['editor'] })).toBe(false);
    expect(canModifyMicroappInstances({ isAdmin: false, roleIds: ['sales'] }, 'SALES')).toBe(true);
  });
});

describe('registration rules', () => {
  it('accepts custom element names with a hyphen only', () => {
    expect(isCustomElementName('canopy-newsletter')).toBe(true);
    expect(isCustomElementName('newsletter')).toBe(false);
    expect(isCustomElementName('Canopy-Newsletter')).toBe(false);
  });

  it('accepts server paths and http(s) addresses for modules and pages', () => {
    expect(isMicroappUrl('/microapps/newsletter/1/newsletter.js')).toBe(true);
    expect(isMicroappUrl('https://apps.example.com/loan/index.html')).toBe(true);
    expect(isMicroappUrl('//evil.example.com/x.js')).toBe(false);
    expect(isMicroappUrl('javascript:alert(1)')).toBe(false);
    expect(isMicroappUrl('data:text/javascript,alert(1)')).toBe(false);
  });

  it('makes URL-safe unique names', () => {
    expect(instanceUniqueName('newsletter', 'Home page signup!')).toBe(
      'newsletter-home-page-signup',
    );
    expect(instanceUniqueName('newsletter', 'Café')).toBe('newsletter-cafe');
  });
});

describe('instance settings', () => {
  it("takes plain lower-case names and refuses event handlers and the element's own", () => {
    expect(settingNameProblem('button-label')).toBeNull();
    expect(settingNameProblem('Button')).toMatch(/lower-case letters/);
    expect(settingNameProblem('onclick')).toBe(
      '"onclick" cannot name a setting: names starting with "on" are event handlers',
    );
    expect(settingNameProblem('style')).toBe(
      '"style" cannot name a setting: the page sets this attribute itself',
    );
    expect(settingNameProblem('data-instance')).not.toBeNull();
  });

  it('cleans stored settings of names that may not become attributes', () => {
    expect(
      safeSettings({ heading: 'Hi', onmouseover: 'alert(1)', style: 'x', class: 'y' }),
    ).toEqual({ heading: 'Hi' });
  });
});
