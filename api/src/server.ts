/**
 * The process entry (`npm run serve`): validate the environment, build the app, listen, print
 * the URL and — on the one start that generated it — the first administrator's password, and
 * shut down gracefully on SIGTERM/SIGINT (stop accepting, drain in-flight requests, close the
 * database and Redis).
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { errorSummary } from './lib/log';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(`Configuración no válida: ${(err as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp(config);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ error: errorSummary(err) }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Gestión de usuarios escuchando en http://${shownHost}:${config.port}`);

  const { adminCreated, generatedPassword } = app.seedResult;
  if (adminCreated && generatedPassword) {
    // Printed once, to the console only (never through the logger): the next start finds the
    // admin and prints nothing.
    console.log(
      [
        '',
        'Primer administrador creado (guarde estos datos, no se volverán a mostrar):',
        `  correo:     ${adminCreated.email}`,
        `  contraseña: ${generatedPassword}`,
        '',
      ].join('\n'),
    );
  } else if (adminCreated) {
    console.log(
      `Primer administrador creado: ${adminCreated.email} (contraseña de ADMIN_PASSWORD)`,
    );
  }
}

main().catch((err: unknown) => {
  console.error('No se pudo arrancar el servidor:', err instanceof Error ? err.message : err);
  process.exit(1);
});
