import { createLogger, loadConfig, onShutdown } from '@warriors/kit';
import { modelSettings } from '@warriors/coaching';
import { vapidKeys } from '@warriors/social';
import { EmbeddedEnv } from './config';
import { startEmbedded } from './embedded';

async function main(): Promise<void> {
  const logger = createLogger('warriors');
  try {
    const config = loadConfig(EmbeddedEnv);
    const product = await startEmbedded({
      port: config.PORT,
      host: config.HOST,
      dataDir: config.DATA_DIR,
      webDist: config.WEB_DIST,
      jwtSecret: config.JWT_SECRET,
      jwtSecretPrevious: config.JWT_SECRET_PREVIOUS,
      metricsToken: config.METRICS_TOKEN,
      jwtTtlSeconds: config.JWT_TTL_SECONDS,
      authAttemptsPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      trustProxyHops: config.TRUST_PROXY_HOPS,
      promoUrl: config.PROMO_URL,
      model: modelSettings(config),
      vapid: vapidKeys(config),
      mail: { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL },
      logger,
    });
    logger.info(`Prospect Warriors is running at http://localhost:${config.PORT}`);
    onShutdown(logger, [() => product.close()]);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}

void main();
