module @jit__special_more attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.add %0, %1 : tensor<32xf32>
    %3 = chlo.digamma %2 : tensor<32xf32> -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = chlo.next_after %arg0, %4 : tensor<32xf32>, tensor<32xf32> -> tensor<32xf32>
    %6 = chlo.erfc %arg0 : tensor<32xf32> -> tensor<32xf32>
    return %3, %5, %6 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
}
