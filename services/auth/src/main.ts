import { runServiceProcess } from '@warriors/kit';
import { createAuthService } from './service';

void runServiceProcess('auth', 4001, createAuthService);
