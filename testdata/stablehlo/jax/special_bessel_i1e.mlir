module @jit__special_i1e attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<32xbf16> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<[-4.000000e+01, -8.500000e+00, -8.000000e+00, -7.900000e+00, -1.000000e+00, -1.000000e-03, 0.000000e+00, 1.000000e-03, 5.000000e-01, 2.000000e+00, 7.98999977, 8.000000e+00, 8.010000e+00, 1.500000e+01, 1.000000e+02, 1.000000e+04]> : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<32xf32>
    %2 = chlo.bessel_i1e %1 : tensor<32xf32> -> tensor<32xf32>
    %3 = chlo.bessel_i1e %cst : tensor<16xf32> -> tensor<16xf32>
    %cst_1 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.multiply %arg0, %4 : tensor<32xf32>
    %6 = stablehlo.convert %5 : (tensor<32xf32>) -> tensor<32xbf16>
    %7 = chlo.bessel_i1e %6 : tensor<32xbf16> -> tensor<32xbf16>
    return %2, %3, %7 : tensor<32xf32>, tensor<16xf32>, tensor<32xbf16>
  }
}
