import { screen } from '@testing-library/react';
import {
  DELEGATION_MESSAGES,
  canActOnUser,
  canGrantRole,
  canWritePermissions,
  type RefusalReason,
} from '@gestion/shared';
import esAdmin from '../../i18n/es.admin.json';
import { makeUser, renderPage } from '../../testing/render';
import { refusalSubject, useRefusalText } from './use-delegation';

const gestor = makeUser({ roles: [{ nombre: 'gestor', permisos: [{ nombre: 'eventos:ver' }] }] });

describe('the console words a refusal as the api does (issue #13)', () => {
  it('has a Spanish text for every reason, exactly the api message', () => {
    const texts = esAdmin.delegacion as Record<RefusalReason, string>;
    expect(Object.keys(texts).sort()).toEqual(Object.keys(DELEGATION_MESSAGES).sort());
    for (const [reason, message] of Object.entries(DELEGATION_MESSAGES))
      expect(texts[reason as RefusalReason].replace('{{- x}}', '{x}')).toBe(message);
  });

  it('recovers what a message was filled with', () => {
    expect(refusalSubject(canGrantRole(gestor, { nombre: 'auditor', permisos: ['auditoria:ver'] })!)).toBe(
      'auditor',
    );
    expect(refusalSubject(canWritePermissions(gestor, 'x', [], ['a:b', 'c:d'])!)).toBe('a:b, c:d');
    expect(refusalSubject(canActOnUser(gestor, gestor, 'eliminar', true)!)).toBe('');
  });

  it('translates a refusal by its reason, in the current language', () => {
    const refusal = canActOnUser(gestor, { nombre: 'Ana', roles: [{ nombre: 'admin', permisos: [] }] }, 'editar');
    function Probe() {
      return <p>{useRefusalText()(refusal!)}</p>;
    }
    renderPage(<Probe />);
    expect(screen.getByText(refusal!.message)).toBeInTheDocument();
  });
});
