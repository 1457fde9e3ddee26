/**
 * The service worker: a composition of modules, each installing its own handlers. Registration order
 * matters only for routes (the first matching route answers).
 */
import { installApiCache } from './api-cache';
import { installOfflineSync } from './offline-sync';
import { installPrecache } from './precache';
import { installPush } from './push';
import { installUpdates } from './updates';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof installPrecache>[0] };

installUpdates(self);
// The build replaces self.__WB_MANIFEST with the release's file list: it must stay written this way.
installPrecache(self.__WB_MANIFEST);
installApiCache(self);
installOfflineSync(self);
installPush(self);
