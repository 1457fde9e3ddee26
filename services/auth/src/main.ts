import { runServiceProcess } from '@warriors/kit';
import { createAuthService } from './service';

void runServiceProcess('auth', createAuthService);
