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
  '@mui/material': [
    // theme and styling
    'ThemeProvider',
    'createTheme',
    'useMediaQuery',
    'CssBaseline',
    // @mui/icons-material builds every icon with it (mui-barrel-loader points it at the barrel)
    'createSvgIcon',
    // layout
    'AppBar',
    'Box',
    'Container',
    'Divider',
    'Drawer',
    'Grid',
    'Paper',
    'Stack',
    'Toolbar',
    'Typography',
    // navigation and lists
    'BottomNavigation',
    'BottomNavigationAction',
    'Link',
    'List',
    'ListItem',
    'ListItemButton',
    'ListItemIcon',
    'ListItemText',
    'Menu',
    'MenuItem',
    'Step',
    'StepLabel',
    'Stepper',
    'Tab',
    'Tabs',
    // feedback
    'Alert',
    'AlertTitle',
    'CircularProgress',
    'LinearProgress',
    'Skeleton',
    'Tooltip',
    'Dialog',
    'DialogActions',
    'DialogContent',
    'DialogContentText',
    'DialogTitle',
    // inputs
    'Button',
    'Checkbox',
    'FormControl',
    'FormControlLabel',
    'FormGroup',
    'FormHelperText',
    'FormLabel',
    'IconButton',
    'InputAdornment',
    'InputLabel',
    'Select',
    'Switch',
    'TextField',
    // data display
    'Card',
    'CardActionArea',
    'CardContent',
    'Chip',
    'Table',
    'TableBody',
    'TableCell',
    'TableContainer',
    'TableHead',
    'TablePagination',
    'TableRow',
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

module.exports = { SHARED_EXPORTS, SHARED_EXPORTS_FILE: __filename };
