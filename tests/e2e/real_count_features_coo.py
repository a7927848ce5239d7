# run: --kernel count_features_coo --grid 2 --block 32 out=zeros:float32:4x3 rows=@real_count_features_coo.rows.npy cols=@real_count_features_coo.cols.npy vals=@real_count_features_coo.vals.npy nnz=60:int32 n_rows=10:int32 n_cols=4:int32 labels=@real_count_features_coo.labels.npy n_classes=3:int32 square=1:bool
# check: out tol=1e-6
# input: rows = rng.integers(0, 10, 60).astype(np.int32)
# input: cols = rng.integers(0, 4, 60).astype(np.int32)
# input: vals = rng.random(60).astype(np.float32)
# input: labels = rng.integers(0, 3, 10).astype(np.int32)
# A real program (cuML's naive Bayes): a bool scalar parameter, atomicAdd on a pointer
# sum (`out + offset`).
import math

import cupy as cp

count_features_coo = cp.RawKernel(r'''
extern "C" __global__
void count_features_coo(float *out,
                    int *rows, int *cols,
                    float *vals, int nnz,
                    int n_rows, int n_cols,
                    int *labels,
                    int n_classes,
                    bool square) {

  int i = blockIdx.x * blockDim.x + threadIdx.x;

  if(i >= nnz) return;
  
  int row = rows[i];
  int col = cols[i];
  float val = vals[i];
  
  if(square) val *= val;
  
  int label = labels[row];
  
  atomicAdd(out + ((col * n_classes) + label), val);
}
''', 'count_features_coo')
