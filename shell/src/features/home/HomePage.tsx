import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useNavItems } from '../../app/layouts/use-nav-items';
import { selectUser } from '../auth/auth-slice';
import { NavIcon } from '../navigation/NavIcon';

/** `/`: greets the user by nombre and links to the areas they may open. */
export default function HomePage() {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const areas = useNavItems().filter((i) => i.path !== '/');
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('home.greeting', { nombre: user?.nombre ?? '' })}
      </Typography>
      <Typography>{areas.length ? t('home.intro') : t('home.none')}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {areas.map((area) => (
          <Grid key={area.path} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={area.path}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <NavIcon icon={area.icon} />
                  <Typography variant="h6" component="span">
                    {area.label}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
