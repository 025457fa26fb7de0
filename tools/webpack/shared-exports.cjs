/**
 * THE export lists of the shared packages that are tree-shaken across containers (Module
 * Federation 2 shared tree-shaking, `treeShaking: { mode: 'runtime-infer', usedExports }`).
 *
 * Why one list for every build: with 'loaded-first', whichever container registers a shared
 * package first (normally the shell) serves it to all the others. If each build kept only the
 * exports it uses itself, a remote needing `TextField` would get the shell's copy without it and
 * crash at render. So the shell and every remote build their shared copy from this same list,
 * and `SharedExportsCheckPlugin` fails any build that imports an export missing from it.
 *
 * Adding an export here changes what the shell provides: rebuild and deploy the shell with (or
 * before) the remote that needs it. Every name costs bytes on the first visit to /login, so list
 * only what some package's code really imports.
 */

/** @type {Record<string, string[]>} share key → exports every container's copy must contain */
const SHARED_EXPORTS = {
  // What the first paint needs: the shell's frame (auth layout, language button, error and
  // loading states, toasts) and the /login and /register forms, which compose their inputs
  // from FormControl, InputLabel, OutlinedInput and FormHelperText (remote-auth's
  // AuthTextField) because TextField imports Select, Menu, Popover and Modal. Everything else
  // is in MUI_LAZY_COMPONENTS.
  '@mui/material': [
    // theme and styling
    'ThemeProvider',
    'createTheme',
    'useMediaQuery',
    'CssBaseline',
    // @mui/icons-material builds every icon with it (mui-barrel-loader points it at the barrel)
    'createSvgIcon',
    // layout and text
    'Box',
    'Container',
    'Paper',
    'Stack',
    'Typography',
    'Link',
    // feedback
    'Alert',
    'AlertTitle',
    'CircularProgress',
    // inputs
    'Button',
    'FormControl',
    'FormHelperText',
    'FormLabel',
    'IconButton',
    'InputAdornment',
    'InputLabel',
    'OutlinedInput',
  ],
  'react-router-dom': [
    'BrowserRouter',
    'Link',
    'NavLink',
    'Navigate',
    'Outlet',
    'Route',
    'Routes',
    'generatePath',
    'matchPath',
    'useLocation',
    'useMatch',
    'useNavigate',
    'useOutletContext',
    'useParams',
    'useSearchParams',
  ],
  // Only the hook and the init plugin: Trans, the HOCs and html-parse-stringify stay out.
  'react-i18next': ['initReactI18next', 'useTranslation'],
  'react-redux': [
    'Provider',
    'ReactReduxContext',
    'shallowEqual',
    'useDispatch',
    'useSelector',
    'useStore',
    // @reduxjs/toolkit/query/react (inside @gestion/shared's baseApi) builds its hooks with these
    'batch',
  ],
};

/**
 * MUI components the first paint does not need, each shared as its own module
 * (`@mui/material/Dialog`, …) instead of through the barrel: a page downloads a component when
 * it first renders it, not on the first visit to /login. They are still ONE instance for every
 * container: the shell provides each one (create-config.cjs gives the provide an absolute path,
 * so webpack includes it although the shell's own code may never import it), its provide is
 * registered first ('loaded-first' never replaces it), and in the shell's build these modules
 * and the barrel share their internals (styles, the theme and default-props contexts, the
 * locale's default props) as the same webpack modules.
 *
 * Our sources keep `import Dialog from '@mui/material/Dialog'`; mui-barrel-loader leaves these
 * paths alone and fails the build on a component path in neither list (a silent private copy).
 */
const MUI_LAZY_COMPONENTS = [
  // layout and navigation (the default and mobile layouts, the home page)
  'AppBar',
  'Toolbar',
  'Drawer',
  'Divider',
  'Grid',
  'BottomNavigation',
  'BottomNavigationAction',
  'List',
  'ListItem',
  'ListItemButton',
  'ListItemIcon',
  'ListItemText',
  'Card',
  'CardActionArea',
  'CardContent',
  'Tab',
  'Tabs',
  'Step',
  'StepLabel',
  'Stepper',
  // feedback
  'Dialog',
  'DialogActions',
  'DialogContent',
  'DialogContentText',
  'DialogTitle',
  'LinearProgress',
  'Skeleton',
  'Tooltip',
  // inputs (Menu and MenuItem: also the language picker's menu, loaded when opened)
  'TextField',
  'Select',
  'Menu',
  'MenuItem',
  'Checkbox',
  'FormControlLabel',
  'FormGroup',
  'Switch',
  // data display
  'Chip',
  'Table',
  'TableBody',
  'TableCell',
  'TableContainer',
  'TableHead',
  'TablePagination',
  'TableRow',
];

module.exports = { SHARED_EXPORTS, MUI_LAZY_COMPONENTS, SHARED_EXPORTS_FILE: __filename };
