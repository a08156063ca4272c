module @jit__special_i1e_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf64>) -> (tensor<32xf64> {jax.result_info = "result[0]"}, tensor<16xf64> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[-4.000000e+01, -8.500000e+00, -8.000000e+00, -7.900000e+00, -1.000000e+00, -1.000000e-03, 0.000000e+00, 1.000000e-03, 5.000000e-01, 2.000000e+00, 7.990000e+00, 8.000000e+00, 8.010000e+00, 1.500000e+01, 1.000000e+02, 1.000000e+04]> : tensor<16xf64>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<32xf64>
    %1 = stablehlo.multiply %arg0, %0 : tensor<32xf64>
    %2 = chlo.bessel_i1e %1 : tensor<32xf64> -> tensor<32xf64>
    %3 = chlo.bessel_i1e %cst : tensor<16xf64> -> tensor<16xf64>
    return %2, %3 : tensor<32xf64>, tensor<16xf64>
  }
}
