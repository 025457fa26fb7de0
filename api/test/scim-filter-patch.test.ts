/**
 * The pure parts of the SCIM service provider (issue #17): the filter subset (RFC 7644
 * §3.4.2.2), the PATCH applier as Entra ID and Okta send PATCH (RFC 7644 §3.5.2 and the
 * directories' liberties), `attributes`/`excludedAttributes` (§3.4.2.5) and the User mapping.
 */
import { selectAttributes } from '../src/lib/scim/attributes';
import { ScimError } from '../src/lib/scim/errors';
import { parseFilter } from '../src/lib/scim/filter';
import { applyPatch, ENTERPRISE_URN } from '../src/lib/scim/patch';
import { fromScimUser, toBoolean } from '../src/lib/scim/resources';

/** The ScimError `fn` throws, as `{status, scimType}`. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ScimError) return { status: err.status, scimType: err.scimType };
    throw err;
  }
  throw new Error('no refusal');
}

describe('parseFilter', () => {
  it('reads eq on the four attributes, joined with and, in any case, URN-qualified or not', () => {
    expect(parseFilter('userName eq "ana@ejemplo.es"')).toEqual([
      { attribute: 'userName', value: 'ana@ejemplo.es' },
    ]);
    expect(
      parseFilter('externalId EQ "a\\"b" AND emails[type eq "work"].value eq "X@y.es"'),
    ).toEqual([
      { attribute: 'externalId', value: 'a"b' },
      { attribute: 'email', value: 'X@y.es' },
    ]);
    expect(parseFilter('urn:ietf:params:scim:schemas:core:2.0:Group:displayName eq "Ventas"')).toEqual(
      [{ attribute: 'displayName', value: 'Ventas' }],
    );
  });

  it('reads id and the members value path Entra uses to test a membership', () => {
    expect(parseFilter('id eq "40" and members[value eq "7"]')).toEqual([
      { attribute: 'id', value: '40' },
      { attribute: 'member', value: '7' },
    ]);
  });

  it.each([
    'members[value eq "7"] eq "x"',
    'userName co "ana"',
    'userName sw "a"',
    'userName pr',
    'userName eq "a" or userName eq "b"',
    'not (userName eq "a")',
    '(userName eq "a")',
    'title eq "x"',
    'userName eq 5',
    'userName eq "sin cerrar',
    'userName eq "a" and',
    '',
  ])('refuses %j with 400 invalidFilter', (f) => {
    expect(refusal(() => parseFilter(f))).toEqual({ status: 400, scimType: 'invalidFilter' });
  });
});

const user = () => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  id: '7',
  userName: 'ana@ejemplo.es',
  name: { formatted: 'Ana García', givenName: 'Ana', familyName: 'García' },
  displayName: 'Ana García',
  emails: [{ value: 'ana@ejemplo.es', type: 'work', primary: true }],
  active: true,
});

describe('applyPatch', () => {
  it('takes op in any case and a path-less replace with dotted and URN keys (Entra)', () => {
    const { resource } = applyPatch(user(), [
      {
        op: 'Replace',
        value: {
          'name.givenName': 'Anita',
          active: 'False',
          [`${ENTERPRISE_URN}:department`]: 'Ventas',
        },
      },
    ]);
    expect(resource).toMatchObject({
      name: { givenName: 'Anita', familyName: 'García' },
      active: 'False',
      [ENTERPRISE_URN]: { department: 'Ventas' },
    });
    expect(fromScimUser(resource, user())).toMatchObject({ nombre: 'Anita García', activo: false });
  });

  it('replaces through a filtered path and adds to a multi-valued attribute', () => {
    const { resource } = applyPatch(user(), [
      { op: 'replace', path: 'emails[type eq "work"].value', value: 'nueva@ejemplo.es' },
      { op: 'add', path: 'emails', value: [{ value: 'casa@ejemplo.es', type: 'home' }] },
      { op: 'remove', path: 'name.familyName' },
    ]);
    expect(resource.emails).toEqual([
      { value: 'nueva@ejemplo.es', type: 'work', primary: true },
      { value: 'casa@ejemplo.es', type: 'home' },
    ]);
    expect(resource.name).toEqual({ formatted: 'Ana García', givenName: 'Ana' });
  });

  it('returns member changes as a delta: a value array, a filtered path, a replace', () => {
    const group = { id: '3', displayName: 'Ventas' };
    expect(
      applyPatch(group, [
        { op: 'Add', path: 'members', value: [{ value: '1' }, { value: 2 }] },
        { op: 'Remove', path: 'members', value: [{ value: '4' }] },
        { op: 'remove', path: 'members[value eq "5"]' },
      ]).members,
    ).toEqual({ add: ['1', '2'], remove: ['4', '5'] });
    expect(
      applyPatch(group, [{ op: 'replace', path: 'members', value: [{ value: '9' }] }]).members,
    ).toEqual({ add: [], remove: [], replace: ['9'] });
    expect(applyPatch(group, [{ op: 'remove', path: 'members' }]).members).toEqual({
      add: [],
      remove: [],
      replace: [],
    });
  });

  it('refuses an unknown op, no operations, a path-less remove, a path it cannot read', () => {
    expect(refusal(() => applyPatch(user(), [{ op: 'move', path: 'x' }]))).toEqual({
      status: 400,
      scimType: 'invalidSyntax',
    });
    expect(refusal(() => applyPatch(user(), []))).toEqual({ status: 400, scimType: 'invalidSyntax' });
    expect(refusal(() => applyPatch(user(), [{ op: 'remove' }]))).toEqual({
      status: 400,
      scimType: 'noTarget',
    });
    expect(refusal(() => applyPatch(user(), [{ op: 'add', path: 'a[[b' }]))).toEqual({
      status: 400,
      scimType: 'invalidPath',
    });
  });

  it('never changes the resource it was given', () => {
    const u = user();
    applyPatch(u, [{ op: 'replace', path: 'displayName', value: 'Otra' }]);
    expect(u).toEqual(user());
  });
});

describe('the User mapping', () => {
  it('reads "True"/"False" in any case as booleans, and refuses anything else', () => {
    expect([toBoolean('False', 'active'), toBoolean('TRUE', 'active'), toBoolean(false, 'a')]).toEqual(
      [false, true, false],
    );
    expect(refusal(() => toBoolean('no', 'active'))).toEqual({
      status: 400,
      scimType: 'invalidValue',
    });
  });

  it('takes the e-mail from userName, or from the work e-mail when userName is not one', () => {
    expect(fromScimUser({ userName: 'ana@x.es', name: { givenName: 'Ana' } })).toEqual({
      email: 'ana@x.es',
      nombre: 'Ana',
      activo: true,
      externalId: null,
    });
    expect(
      fromScimUser({
        userName: 'ana',
        displayName: 'Ana G',
        emails: [{ type: 'work', value: 'ana@x.es' }],
        externalId: 'e1',
        active: 'false',
      }),
    ).toEqual({ email: 'ana@x.es', nombre: 'Ana G', activo: false, externalId: 'e1' });
    expect(refusal(() => fromScimUser({ displayName: 'x' }))).toEqual({
      status: 400,
      scimType: 'invalidValue',
    });
  });
});

describe('selectAttributes', () => {
  const g = { schemas: ['s'], id: '1', displayName: 'V', members: [{ value: '1' }], meta: {} };
  it('drops excludedAttributes and keeps only attributes, always with id and schemas', () => {
    expect(selectAttributes(g, { excludedAttributes: 'members' })).toEqual({
      schemas: ['s'],
      id: '1',
      displayName: 'V',
      meta: {},
    });
    expect(selectAttributes(user(), { attributes: 'userName,name.givenName' })).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id: '7',
      userName: 'ana@ejemplo.es',
      name: { givenName: 'Ana' },
    });
  });
});
