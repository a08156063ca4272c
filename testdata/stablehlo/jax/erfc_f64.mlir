module @jit__erfc_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf64>) -> (tensor<64xf64> {jax.result_info = "result[0]"}, tensor<10xf64> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[0.000000e+00, -5.000000e-01, 1.000000e+00, -1.000000e+00, 7.900000e+00, 8.000000e+00, -8.500000e+00, 2.600000e+01, 2.750000e+01, 4.000000e+01]> : tensor<10xf64>
    %cst_0 = stablehlo.constant dense<4.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<64xf64>
    %1 = stablehlo.multiply %arg0, %0 : tensor<64xf64>
    %2 = chlo.erfc %1 : tensor<64xf64> -> tensor<64xf64>
    %3 = chlo.erfc %cst : tensor<10xf64> -> tensor<10xf64>
    return %2, %3 : tensor<64xf64>, tensor<10xf64>
  }
}
