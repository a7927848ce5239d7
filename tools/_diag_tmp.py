import sys, runpy, warnings
warnings.simplefilter('ignore')
sys.path.insert(0, 'tools')
import gen_expected as g
import cupy as cp
for name in sys.argv[1:]:
    case = g.Case(f'tests/e2e/{name}.py', name, name)
    host = g.build_host_args(case)
    ns = runpy.run_path(case.path, run_name='pykc_e2e')
    k = ns[case.kernel]
    dev = [cp.asarray(host[n]) if hasattr(host[n], 'shape') and host[n].shape != () or isinstance(host[n], g.np.ndarray) else host[n] for n in case.params]
    k(case.grid, case.block, tuple(dev), shared_mem=case.shared_mem)
    cp.cuda.runtime.deviceSynchronize()
    code = k.cached_code
    print(f'===== {name}')
    print('\n'.join(l for l in code.split('\n') if 'extern' in l or l.startswith('  ') or 'device' in l or 'return' in l))
