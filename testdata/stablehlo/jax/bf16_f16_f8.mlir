module @jit__low_precision attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xbf16>, %arg1: tensor<8x8xf16>, %arg2: tensor<8x8xf32>) -> (tensor<8x8xf32> {jax.result_info = "result[0]"}, tensor<8x8xf16> {jax.result_info = "result[1]"}, tensor<8x8xf32> {jax.result_info = "result[2]"}, tensor<8x8xf16> {jax.result_info = "result[3]"}, tensor<8x8xbf16> {jax.result_info = "result[4]"}, tensor<3xbf16> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<[1.000980e-01, -2.000000e+00, 3.500000e+00]> : tensor<3xbf16>
    %0 = stablehlo.convert %arg2 : (tensor<8x8xf32>) -> tensor<8x8xf8E4M3FN>
    %1 = stablehlo.convert %0 : (tensor<8x8xf8E4M3FN>) -> tensor<8x8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %3 = stablehlo.multiply %arg2, %2 : tensor<8x8xf32>
    %4 = stablehlo.convert %3 : (tensor<8x8xf32>) -> tensor<8x8xf8E5M2>
    %5 = stablehlo.convert %4 : (tensor<8x8xf8E5M2>) -> tensor<8x8xf16>
    %6 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xbf16>, tensor<8x8xbf16>) -> tensor<8x8xbf16>
    %7 = stablehlo.convert %6 : (tensor<8x8xbf16>) -> tensor<8x8xf32>
    %8 = stablehlo.tanh %arg1 : tensor<8x8xf16>
    %9 = stablehlo.multiply %8, %arg1 : tensor<8x8xf16>
    %cst_1 = stablehlo.constant dense<1.500000e+00> : tensor<bf16>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<8x8xbf16>
    %11 = stablehlo.multiply %10, %arg0 : tensor<8x8xbf16>
    return %7, %9, %1, %5, %11, %cst : tensor<8x8xf32>, tensor<8x8xf16>, tensor<8x8xf32>, tensor<8x8xf16>, tensor<8x8xbf16>, tensor<3xbf16>
  }
}
