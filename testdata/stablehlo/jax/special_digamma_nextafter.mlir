module @jit__special_more attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<7xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<[-2.500000e+00, -1.000000e+00, 0.000000e+00, 2.500000e-01, 1.000000e+00, 7.500000e+00, 4.000000e+01]> : tensor<7xf32>
    %0 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.add %0, %1 : tensor<32xf32>
    %3 = chlo.digamma %2 : tensor<32xf32> -> tensor<32xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = chlo.next_after %arg0, %4 : tensor<32xf32>, tensor<32xf32> -> tensor<32xf32>
    %6 = chlo.digamma %cst : tensor<7xf32> -> tensor<7xf32>
    return %3, %5, %6 : tensor<32xf32>, tensor<32xf32>, tensor<7xf32>
  }
}
