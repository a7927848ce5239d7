# run: --kernel get_A_induced_cupy --grid 2,1 --block 8,2 J_site=@real_induced_potential.J_site.npy site_areas=@real_induced_potential.site_areas.npy sites=@real_induced_potential.sites.npy edge_centers=@real_induced_potential.edge_centers.npy A_induced=zeros:float64:13x2
# check: A_induced tol=1e-12
# input: J_site = rng.standard_normal((9, 2))
# input: site_areas = rng.random(9) + 0.5
# input: sites = rng.random((9, 2)) * 4
# input: edge_centers = rng.random((13, 2)) * 4 + 0.01
# A published program (superconductor simulation, the vector potential induced on mesh
# edges): the kernel defined under a module-level `if cupy is not None:` after a guarded
# import, `cupy.ndarray` annotations and `-> None`, `cupyx.jit.range`, a 2-d grid, a float
# accumulator started from a Python float.
import numpy as np

try:
    import cupy  # type: ignore
    import cupyx  # type: ignore
    import cupyx.jit
except ImportError:
    cupy = None
    cupyx = None


get_A_induced_cupy = None

if cupy is not None:

    @cupyx.jit.rawkernel()
    def get_A_induced_cupy(
        J_site: cupy.ndarray,
        site_areas: cupy.ndarray,
        sites: cupy.ndarray,
        edge_centers: cupy.ndarray,
        A_induced: cupy.ndarray,
    ) -> None:
        """Calculates the induced vector potential on the mesh edges.

        Args:
            J_site: The current density on the sites, shape ``(n, )``
            site_areas: The mesh site areas, shape ``(n, )``
            sites: The mesh site coordinates, shape ``(n, 2)``
            edge_centers: The coordinates of the edge centers, shape ``(m, 2)``
            A_induced: The induced vector potential on the mesh edges,
                i.e. the output array, shape ``(m, 2)``.
        """
        i, k = cupyx.jit.grid(2)
        if i < edge_centers.shape[0] and k < J_site.shape[1]:
            tmp = 0.0
            for j in cupyx.jit.range(sites.shape[0]):
                dx = edge_centers[i, 0] - sites[j, 0]
                dy = edge_centers[i, 1] - sites[j, 1]
                dr = cupy.sqrt(dx * dx + dy * dy)
                tmp += J_site[j, k] * site_areas[j] / dr
            A_induced[i, k] = tmp
