module @jit__special_erfc attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<32xbf16> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<[-9.500000e+00, -5.000000e+00, -3.000000e+00, -2.000000e+00, -1.500000e+00, -1.000000e+00, 0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00, 5.000000e+00, 9.000000e+00, 1.100000e+01]> : tensor<16xf32>
    %0 = chlo.erfc %arg0 : tensor<32xf32> -> tensor<32xf32>
    %1 = chlo.erfc %cst : tensor<16xf32> -> tensor<16xf32>
    %2 = stablehlo.convert %arg0 : (tensor<32xf32>) -> tensor<32xbf16>
    %3 = chlo.erfc %2 : tensor<32xbf16> -> tensor<32xbf16>
    return %0, %1, %3 : tensor<32xf32>, tensor<16xf32>, tensor<32xbf16>
  }
}
