import AssessmentIcon from '@mui/icons-material/Assessment';
import EventIcon from '@mui/icons-material/Event';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import type { NavItem } from './nav-items';

/** Bundled icons (DESIGN.md §5: no icon service at run time), one import per icon. */
export function NavIcon({ icon }: { icon: NavItem['icon'] }) {
  switch (icon) {
    case 'eventos':
      return <EventIcon />;
    case 'informes':
      return <AssessmentIcon />;
    case 'filtrado':
      return <FilterAltIcon />;
    case 'configuracion':
      return <SettingsIcon />;
    default:
      return <HomeIcon />;
  }
}
