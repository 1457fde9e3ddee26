import { loadServiceRegistry } from '@warriors/kit';
import { INSTANCE_PORT_STEP, planStack } from '../src/stack-plan';

const registry = loadServiceRegistry();
const portOf = (name: string) => registry.services.find((service) => service.name === name)!.port;

describe('the processes npm run stack starts', () => {
  it('starts one process per service on its registry port by default', () => {
    const plan = planStack(registry, {});
    expect(plan.instances.map((instance) => instance.name)).toEqual(registry.services.map((service) => service.name));
    expect(plan.upstreams.ACTIVITY_URLS).toBe(`http://127.0.0.1:${portOf('activity')}`);
  });

  it('starts N instances of a service a port step apart, all in its gateway pool', () => {
    const plan = planStack(registry, { STACK_INSTANCES: 'activity=3, gamification=2', GAMIFICATION_PORT: '5003' });
    const activity = plan.instances.filter((instance) => instance.service === 'activity');
    expect(activity).toEqual([
      { name: 'activity', service: 'activity', port: portOf('activity') },
      { name: 'activity-2', service: 'activity', port: portOf('activity') + INSTANCE_PORT_STEP },
      { name: 'activity-3', service: 'activity', port: portOf('activity') + 2 * INSTANCE_PORT_STEP },
    ]);
    expect(plan.upstreams.ACTIVITY_URLS!.split(',')).toEqual(activity.map((instance) => `http://127.0.0.1:${instance.port}`));
    expect(plan.upstreams.GAMIFICATION_URLS).toBe(`http://127.0.0.1:5003,http://127.0.0.1:${5003 + INSTANCE_PORT_STEP}`);
    expect(plan.instances.filter((instance) => instance.service === 'auth')).toHaveLength(1);
  });

  it('keeps a pool given in the environment', () => {
    expect(planStack(registry, { STACK_INSTANCES: 'auth=2', AUTH_URLS: 'http://elsewhere:4001' }).upstreams.AUTH_URLS).toBe('http://elsewhere:4001');
  });

  it.each([
    ['an unknown service', 'nosuch=2', /^Invalid configuration: STACK_INSTANCES: "nosuch" is not a service/],
    ['a count of zero', 'activity=0', /^Invalid configuration: STACK_INSTANCES: activity's count must be 1-16, got 0/],
    ['too many', 'activity=17', /STACK_INSTANCES: activity's count must be 1-16/],
    ['a count that is no number', 'activity=two', /^Invalid configuration: STACK_INSTANCES: expected service=count pairs/],
    ['a missing count', 'activity', /STACK_INSTANCES: expected service=count pairs/],
    ['a service given twice', 'social=2,social=3', /STACK_INSTANCES: social is given twice/],
  ])('refuses %s, naming STACK_INSTANCES', (_case, value, message) => {
    expect(() => planStack(registry, { STACK_INSTANCES: value })).toThrow(message);
  });

  it('refuses two processes on one port, naming the variables', () => {
    expect(() => planStack(registry, { STACK_INSTANCES: 'auth=2', ACTIVITY_PORT: String(portOf('auth') + INSTANCE_PORT_STEP) })).toThrow(
      /^Invalid configuration: STACK_INSTANCES or ACTIVITY_PORT: activity would listen on port \d+, which auth-2 has/,
    );
    expect(() => planStack(registry, { PORT: String(portOf('social')) })).toThrow(/social would listen on port \d+, which the gateway has/);
    expect(() => planStack(registry, { STACK_INSTANCES: 'coaching=3', COACHING_PORT: '65500' })).toThrow(/coaching-2 would listen on port 65600, past 65535/);
  });

  it('refuses a wrong <SERVICE>_PORT, naming it', () => {
    expect(() => planStack(registry, { CHALLENGES_PORT: 'x' })).toThrow(/^Invalid configuration: CHALLENGES_PORT: expected a port number/);
  });
});
