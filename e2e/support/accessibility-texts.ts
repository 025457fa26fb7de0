/**
 * The names the accessibility test (test/accessibility.test.ts) opens pages and dialogs by, in
 * each language: the seeded event and user, and the buttons' accessible names.
 */

/** The languages the product speaks. */
export type Locale = 'es' | 'en';

/** The seeded event, named in its edit and delete buttons. */
export const EVENTO = 'Jornadas accesibles';
/** The seeded user, named in its row menu button. */
export const USUARIO = 'Ana Ruiz';
/** The seeded group, named in its row's members, edit and delete buttons. */
export const GRUPO = 'Revisores';
/** The seeded single sign-on provider (issue #18), named in its edit and delete buttons. */
export const PROVEEDOR = 'Acme ID';
/** The admin's seeded personal API token and SCIM connection (issue #17), named in "Revocar …". */
export const TOKEN = 'Informe semanal';
export const CONEXION_SCIM = 'Entra ID';

/** The names the dialogs are opened by, in each language. */
export const TEXTS = {
  es: {
    newEvento: 'Nuevo evento',
    editEvento: `Editar ${EVENTO}`,
    deleteEvento: `Eliminar ${EVENTO}`,
    newPeriodo: 'Nuevo periodo',
    newInforme: 'Nuevo informe',
    newUsuario: 'Nuevo usuario',
    actionsOf: `Acciones de ${USUARIO}`,
    edit: 'Editar',
    editRole: 'Editar el rol gestor',
    deleteRole: 'Eliminar el rol gestor',
    newRole: 'Nuevo rol',
    newGrupo: 'Nuevo grupo',
    editGrupo: `Editar ${GRUPO}`,
    membersGrupo: `Miembros de ${GRUPO}`,
    deleteGrupo: `Eliminar ${GRUPO}`,
    editPeriodo: 'Editar Sesión 10',
    deletePeriodo: 'Eliminar Sesión 10',
    deleteInforme: 'Eliminar Todos los eventos',
    apply: 'Aplicar',
    saveAsReport: 'Guardar como informe',
    bulkBar: 'Acciones sobre los usuarios seleccionados',
    testMail: 'Enviar correo de prueba',
    closeSession: 'Cerrar sesión de ',
    closeOthers: 'Cerrar las demás sesiones',
    addPasskey: 'Añadir llave de acceso',
    newProveedor: 'Nuevo proveedor',
    editProveedor: `Editar ${PROVEEDOR}`,
    deleteProveedor: `Eliminar ${PROVEEDOR}`,
    createToken: 'Crear token',
    createTokenTitle: 'Crear token de API',
    tokenName: 'Nombre',
    tokenPermission: 'Ver eventos (eventos:ver)',
    create: 'Crear',
    revokeToken: `Revocar ${TOKEN}`,
    revokeScim: `Revocar ${CONEXION_SCIM}`,
    darkMode: 'Modo oscuro',
  },
  en: {
    newEvento: 'New event',
    editEvento: `Edit ${EVENTO}`,
    deleteEvento: `Delete ${EVENTO}`,
    newPeriodo: 'New period',
    newInforme: 'New report',
    newUsuario: 'New user',
    actionsOf: `Actions for ${USUARIO}`,
    edit: 'Edit',
    editRole: 'Edit the role gestor',
    deleteRole: 'Delete the role gestor',
    newRole: 'New role',
    newGrupo: 'New group',
    editGrupo: `Edit ${GRUPO}`,
    membersGrupo: `Members of ${GRUPO}`,
    deleteGrupo: `Delete ${GRUPO}`,
    editPeriodo: 'Edit Sesión 10',
    deletePeriodo: 'Delete Sesión 10',
    deleteInforme: 'Delete Todos los eventos',
    apply: 'Apply',
    saveAsReport: 'Save as report',
    bulkBar: 'Actions on the selected users',
    testMail: 'Send a test mail',
    closeSession: 'Sign out the session on ',
    closeOthers: 'Sign out all other sessions',
    addPasskey: 'Add passkey',
    newProveedor: 'New provider',
    editProveedor: `Edit ${PROVEEDOR}`,
    deleteProveedor: `Delete ${PROVEEDOR}`,
    createToken: 'Create token',
    createTokenTitle: 'Create API token',
    tokenName: 'Name',
    tokenPermission: 'View events (eventos:ver)',
    create: 'Create',
    revokeToken: `Revoke ${TOKEN}`,
    revokeScim: `Revoke ${CONEXION_SCIM}`,
    darkMode: 'Dark mode',
  },
} satisfies Record<Locale, Record<string, string>>;
